import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import type { TutorProfile } from '../../../shared/tutors';
import { Button, LinkButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextLink } from '../../components/ui/text-link';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import {
  ReviewModerationActions,
  useReviewModeration,
} from '../../features/reviews/components/review-moderation-actions';
import { ResponseModerationActions } from '../../features/reviews/components/response-moderation-actions';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useDeleteAdminTutor } from '../../features/tutors/api/delete-admin-tutor';
import { TutorDecisionActions } from '../../features/tutors/components/tutor-decision-actions';
import { TutorProfileView } from '../../features/tutors/components/tutor-profile-view';

/** /admin/teacher/fullprofile/:tutorId: the profile as students see it, with the admin's actions. */
export function TeacherFullProfileRoute() {
  const { tutorId } = useParams();
  useDocumentTitle('Teacher Profile');
  const moderation = useReviewModeration();
  const reviewsHeadingRef = useRef<HTMLHeadingElement>(null);
  // Hidden and deleted reviews leave the profile: focus goes to the top of its reviews.
  const moderationOptions = { focusAfter: () => reviewsHeadingRef.current?.focus() };

  return (
    <div className="space-y-4">
      <TextLink to={paths.admin.teacherProfileManagement}>Back to teacher profiles</TextLink>
      <TutorProfileView
        tutorId={tutorId}
        actions={(tutor) => <AdminProfileActions tutor={tutor} />}
        reviewsHeadingRef={reviewsHeadingRef}
        reviewActions={(review) => (
          <ReviewModerationActions review={review} moderation={moderation} options={moderationOptions} />
        )}
        responseControls={() => (review) => <ResponseModerationActions review={review} />}
      />
      {moderation.dialogs}
    </div>
  );
}

function AdminProfileActions({ tutor }: { tutor: TutorProfile }) {
  const navigate = useNavigate();
  const deleteTutor = useDeleteAdminTutor();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  function handleDelete() {
    deleteTutor.mutate(tutor.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success('Tutor deleted successfully!');
        navigate(paths.admin.teacherProfileManagement, { replace: true });
      },
      onError: (error) => {
        setConfirmingDelete(false);
        toast.error(errorMessage(error));
      },
    });
  }

  return (
    <>
      <TutorDecisionActions tutor={tutor} className="sm:justify-end" />
      <LinkButton to={paths.admin.editTeacher(tutor.id)} variant="secondary">
        Edit Profile
      </LinkButton>
      <Button variant="danger" onClick={() => setConfirmingDelete(true)}>
        Delete Profile
      </Button>
      <ConfirmDialog
        open={confirmingDelete}
        title="Are you sure?"
        description="Do you really want to delete this profile? This process cannot be undone."
        confirmLabel="Yes Delete"
        cancelLabel="Cancel"
        busyLabel="Deleting..."
        busy={deleteTutor.isPending}
        onConfirm={handleDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}

export { TeacherFullProfileRoute as Component };
