import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { TutorProfile, TutorResponse } from '../../../../shared/tutors';
import { CheckboxField, RequiredFieldsNote } from '../../../components/forms/field';
import { FormActions } from '../../../components/ui/form-actions';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useCreateAdminTutor } from '../api/create-admin-tutor';
import { useUpdateAdminTutor } from '../api/update-admin-tutor';
import { type TutorFormRules, tutorFormValues, useTutorForm } from '../hooks/use-tutor-form';
import { TutorFormFields } from './tutor-form-fields';
import { UploadingNote } from './uploading-note';

// Spec section 5: the admin form also requires a picture and every course input shown.
const adminRules: TutorFormRules = { pictureRequired: true, everyCourseRequired: true };

/**
 * The admin's Add Teacher form, or 'Edit Profile' of an existing tutor (prefilled). The
 * 'Public' checkbox is on by default for a new teacher.
 */
export function AdminTutorForm({ tutor }: { tutor?: TutorProfile }) {
  const navigate = useNavigate();
  const form = useTutorForm(() => tutorFormValues(tutor, { courseRows: 0, isPublic: true }), adminRules);
  const createTutor = useCreateAdminTutor();
  const updateTutor = useUpdateAdminTutor();
  const saving = createTutor.isPending || updateTutor.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || form.uploading) return;
    const submission = form.submit();
    // A valid form always has a picture; the check keeps the types honest.
    if (!submission?.imageKey) return;
    const input = { ...submission, imageKey: submission.imageKey, isPublic: form.values.isPublic };
    const handlers = {
      onSuccess: ({ tutor: saved }: TutorResponse) => {
        toast.success('Submitted SuccessFully');
        navigate(paths.admin.teacherFullProfile(saved.id));
      },
      onError: (error: Error) => {
        toast.error(errorMessage(error));
      },
    };
    if (tutor) updateTutor.mutate({ tutorId: tutor.id, input }, handlers);
    else createTutor.mutate(input, handlers);
  }

  const awaitingDecision = tutor !== undefined && tutor.status !== 'approved';

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-6">
      <RequiredFieldsNote />
      <TutorFormFields
        form={form}
        rules={adminRules}
        currentImage={tutor?.image}
        excludeId={tutor?.id}
        profilePath={paths.admin.teacherFullProfile}
      />
      <CheckboxField
        label="Public"
        name="isPublic"
        checked={form.values.isPublic}
        onChange={(event) => form.setField('isPublic', event.target.checked)}
        hint={
          awaitingDecision
            ? 'Making this submission public approves it, and its submitter is told.'
            : 'Public teachers are listed for every student.'
        }
      />
      {form.uploading && <UploadingNote />}
      <FormActions
        cancelTo={tutor ? paths.admin.teacherFullProfile(tutor.id) : paths.admin.teacherProfileManagement}
        submitLabel={tutor ? 'Save Changes' : 'Add Teacher'}
        busyLabel={tutor ? 'Saving...' : 'Adding...'}
        busy={saving}
        disabled={form.uploading}
      />
    </form>
  );
}
