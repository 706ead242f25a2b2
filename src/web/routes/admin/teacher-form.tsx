import { useParams } from 'react-router';
import { FormPage } from '../../components/forms/form-page';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { AdminTutorForm } from '../../features/tutors/components/admin-tutor-form';
import { TutorGate } from '../../features/tutors/components/tutor-gate';
import { useAdminText } from '../../i18n/namespaces/admin';

/** /admin/teacher-form and /admin/add-teacher add a teacher; /admin/teacher-form/:tutorId is 'Edit Profile'. */
export function TeacherFormRoute() {
  const { t } = useAdminText();
  const { tutorId } = useParams();
  useDocumentTitle(tutorId === undefined ? t('teacherForm.addTitle') : t('teacherForm.editTitle'));
  if (tutorId === undefined) {
    return (
      <FormPage title={t('teacherForm.addTitle')} intro={t('teacherForm.addIntro')}>
        <AdminTutorForm />
      </FormPage>
    );
  }
  return (
    <TutorGate tutorId={tutorId}>
      {(tutor) => (
        <FormPage title={t('teacherForm.editTitle')} intro={t('teacherForm.editIntro', { name: tutor.name })}>
          <AdminTutorForm key={tutor.id} tutor={tutor} />
        </FormPage>
      )}
    </TutorGate>
  );
}

export { TeacherFormRoute as Component };
