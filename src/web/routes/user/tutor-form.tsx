import { useParams } from 'react-router';
import type { TutorProfile } from '../../../shared/tutors';
import { FormPage } from '../../components/forms/form-page';
import { LinkButton } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { TutorGate } from '../../features/tutors/components/tutor-gate';
import { TutorNotFound } from '../../features/tutors/components/tutor-not-found';
import { TutorSubmissionForm } from '../../features/tutors/components/tutor-submission-form';
import { useTutorsText } from '../../i18n/namespaces/tutors';

/** /user/tutorform and /user/add-teacher add a tutor; /user/tutorform/:tutorId edits one's own submission. */
export function TutorFormRoute() {
  const { t } = useTutorsText();
  const { tutorId } = useParams();
  useDocumentTitle(tutorId === undefined ? t('addTutor') : t('form.editTitle'));
  if (tutorId === undefined) {
    return (
      <FormPage title={t('addTutor')} intro={t('form.addIntro')}>
        <TutorSubmissionForm />
      </FormPage>
    );
  }
  return <TutorGate tutorId={tutorId}>{(tutor) => <EditSubmission key={tutor.id} tutor={tutor} />}</TutorGate>;
}

function EditSubmission({ tutor }: { tutor: TutorProfile }) {
  const { t } = useTutorsText();
  // Only the submitter edits a submission; the API answers anyone else as for an unknown tutor.
  if (!tutor.submittedByMe) return <TutorNotFound />;
  if (tutor.status === 'approved') {
    return (
      <FormPage title={t('form.editTitle')}>
        <p className="text-slate-800">{t('form.approvedNote')}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <LinkButton to={paths.user.tutorProfile(tutor.id)}>{t('viewProfile')}</LinkButton>
          <LinkButton to={paths.user.myTutors} variant="secondary">
            {t('mine.title')}
          </LinkButton>
        </div>
      </FormPage>
    );
  }
  return (
    <FormPage
      title={t('form.editTitle')}
      intro={tutor.status === 'rejected' ? t('form.rejectedIntro') : t('form.pendingIntro')}
    >
      {tutor.status === 'rejected' && tutor.rejectionReason && (
        <div role="note" className="mb-6 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">{t('form.whyRejected')}</p>
          <p className="mt-1 whitespace-pre-line break-words">{tutor.rejectionReason}</p>
        </div>
      )}
      <TutorSubmissionForm tutor={tutor} />
    </FormPage>
  );
}

export { TutorFormRoute as Component };
