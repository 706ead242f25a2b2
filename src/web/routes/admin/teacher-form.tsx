import { useParams } from 'react-router';
import { FormPage } from '../../components/forms/form-page';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { AdminTutorForm } from '../../features/tutors/components/admin-tutor-form';
import { TutorGate } from '../../features/tutors/components/tutor-gate';

/** /admin/teacher-form and /admin/add-teacher add a teacher; /admin/teacher-form/:tutorId is 'Edit Profile'. */
export function TeacherFormRoute() {
  const { tutorId } = useParams();
  useDocumentTitle(tutorId === undefined ? 'Add Teacher' : 'Edit Profile');
  if (tutorId === undefined) {
    return (
      <FormPage title="Add Teacher" intro="Teachers added here are approved at once.">
        <AdminTutorForm />
      </FormPage>
    );
  }
  return (
    <TutorGate tutorId={tutorId}>
      {(tutor) => (
        <FormPage title="Edit Profile" intro={`Changes to ${tutor.name} are saved for everyone at once.`}>
          <AdminTutorForm key={tutor.id} tutor={tutor} />
        </FormPage>
      )}
    </TutorGate>
  );
}

export { TeacherFormRoute as Component };
