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
import { adminText, useAdminText } from '../../i18n/namespaces/admin';
import { useCommonText } from '../../i18n/namespaces/common';
import { useTutorsText } from '../../i18n/namespaces/tutors';

/** /admin/teacher/fullprofile/:tutorId: the profile as students see it, with the admin's actions. */
export function TeacherFullProfileRoute() {
  const { t } = useAdminText();
  const { tutorId } = useParams();
  useDocumentTitle(t('teacherProfile.title'));
  const moderation = useReviewModeration();
  const reviewsHeadingRef = useRef<HTMLHeadingElement>(null);
  // Hidden and deleted reviews leave the profile: focus goes to the top of its reviews.
  const moderationOptions = { focusAfter: () => reviewsHeadingRef.current?.focus() };

  return (
    <div className="space-y-4">
      <TextLink to={paths.admin.teacherProfileManagement}>{t('teacherProfile.back')}</TextLink>
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
  const { t } = useAdminText();
  const common = useCommonText();
  const tutors = useTutorsText();
  const navigate = useNavigate();
  const deleteTutor = useDeleteAdminTutor();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  function handleDelete() {
    deleteTutor.mutate(tutor.id, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success(adminText('teacherProfile.deletedToast'));
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
        {t('teacherProfile.edit')}
      </LinkButton>
      <Button variant="danger" onClick={() => setConfirmingDelete(true)}>
        {t('teacherProfile.delete')}
      </Button>
      <ConfirmDialog
        open={confirmingDelete}
        title={t('teacherProfile.deleteTitle')}
        description={t('teacherProfile.deleteDescription')}
        confirmLabel={t('teacherProfile.deleteConfirm')}
        cancelLabel={common.t('cancel')}
        busyLabel={tutors.t('actions.deleting')}
        busy={deleteTutor.isPending}
        onConfirm={handleDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}

export { TeacherFullProfileRoute as Component };
