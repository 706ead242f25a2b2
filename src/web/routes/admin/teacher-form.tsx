import { useParams } from 'react-router';
import { FormPage } from '../../components/forms/form-page';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { AdminTutorForm } from '../../features/tutors/components/admin-tutor-form';
import { TutorGate } from '../../features/tutors/components/tutor-gate';
import { useTutorsText } from '../../i18n/namespaces/tutors';

/** /admin/teacher-form and /admin/add-teacher add a teacher; /admin/teacher-form/:tutorId is 'Edit Profile'. */
export function TeacherFormRoute() {
  const { t } = useTutorsText();
  const { tutorId } = useParams();
  useDocumentTitle(tutorId === undefined ? t('teacherFormPage.addTitle') : t('teacherFormPage.editTitle'));
  if (tutorId === undefined) {
    return (
      <FormPage title={t('teacherFormPage.addTitle')} intro={t('teacherFormPage.addIntro')}>
        <AdminTutorForm />
      </FormPage>
    );
  }
  return (
    <TutorGate tutorId={tutorId}>
      {(tutor) => (
        <FormPage title={t('teacherFormPage.editTitle')} intro={t('teacherFormPage.editIntro', { name: tutor.name })}>
          <AdminTutorForm key={tutor.id} tutor={tutor} />
        </FormPage>
      )}
    </TutorGate>
  );
}

export { TeacherFormRoute as Component };
