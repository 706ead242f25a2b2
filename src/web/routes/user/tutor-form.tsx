import { useParams } from 'react-router';
import type { TutorProfile } from '../../../shared/tutors';
import { FormPage } from '../../components/forms/form-page';
import { LinkButton } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { TutorGate } from '../../features/tutors/components/tutor-gate';
import { TutorNotFound } from '../../features/tutors/components/tutor-not-found';
import { TutorSubmissionForm } from '../../features/tutors/components/tutor-submission-form';

/** /user/tutorform and /user/add-teacher add a tutor; /user/tutorform/:tutorId edits one's own submission. */
export function TutorFormRoute() {
  const { tutorId } = useParams();
  useDocumentTitle(tutorId === undefined ? 'Add Tutor' : 'Edit Tutor');
  if (tutorId === undefined) {
    return (
      <FormPage
        title="Add Tutor"
        intro="Submit a tutor who is not listed yet. An administrator checks every submission before students can see it."
      >
        <TutorSubmissionForm />
      </FormPage>
    );
  }
  return <TutorGate tutorId={tutorId}>{(tutor) => <EditSubmission key={tutor.id} tutor={tutor} />}</TutorGate>;
}

function EditSubmission({ tutor }: { tutor: TutorProfile }) {
  // Only the submitter edits a submission; the API answers anyone else as for an unknown tutor.
  if (!tutor.submittedByMe) return <TutorNotFound />;
  if (tutor.status === 'approved') {
    return (
      <FormPage title="Edit Tutor">
        <p className="text-slate-800">This tutor has been approved; only an administrator can change it now.</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <LinkButton to={paths.user.tutorProfile(tutor.id)}>View Tutor Profile</LinkButton>
          <LinkButton to={paths.user.myTutors} variant="secondary">
            My Tutors
          </LinkButton>
        </div>
      </FormPage>
    );
  }
  return (
    <FormPage
      title="Edit Tutor"
      intro={
        tutor.status === 'rejected'
          ? 'Change what is needed and resubmit: an administrator will check it again.'
          : 'This submission is waiting for an administrator. You can change it until it is checked.'
      }
    >
      {tutor.status === 'rejected' && tutor.rejectionReason && (
        <div role="note" className="mb-6 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">Why it was rejected</p>
          <p className="mt-1 whitespace-pre-line break-words">{tutor.rejectionReason}</p>
        </div>
      )}
      <TutorSubmissionForm tutor={tutor} />
    </FormPage>
  );
}

export { TutorFormRoute as Component };
