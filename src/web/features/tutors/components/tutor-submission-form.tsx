import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { TutorProfile } from '../../../../shared/tutors';
import { RequiredFieldsNote } from '../../../components/forms/field';
import { FormActions } from '../../../components/ui/form-actions';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useCreateTutor } from '../api/create-tutor';
import { useUpdateMyTutor } from '../api/update-my-tutor';
import { type TutorFormRules, tutorFormValues, useTutorForm } from '../hooks/use-tutor-form';
import { TutorFormFields } from './tutor-form-fields';
import { UploadingNote } from './uploading-note';

// Spec section 5: name, department and biography; the picture and courses are optional.
const studentRules: TutorFormRules = { pictureRequired: false, everyCourseRequired: false };

/**
 * The student's Add Tutor form, or the same form editing one of their pending or rejected
 * submissions (saving a rejected one sends it back for verification). A refused save keeps
 * everything typed.
 */
export function TutorSubmissionForm({ tutor }: { tutor?: TutorProfile }) {
  const navigate = useNavigate();
  const form = useTutorForm(() => tutorFormValues(tutor, { courseRows: 1, isPublic: false }), studentRules);
  const createTutor = useCreateTutor();
  const updateTutor = useUpdateMyTutor();
  const saving = createTutor.isPending || updateTutor.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || form.uploading) return;
    const submission = form.submit();
    if (!submission) return;
    const handlers = {
      onSuccess: () => {
        toast.success('Submitted SuccessFully');
        navigate(paths.user.myTutors);
      },
      onError: (error: Error) => {
        toast.error(errorMessage(error));
      },
    };
    if (tutor) updateTutor.mutate({ tutorId: tutor.id, submission }, handlers);
    else createTutor.mutate(submission, handlers);
  }

  const labels = !tutor
    ? { submit: 'Submit Tutor', busy: 'Submitting...' }
    : tutor.status === 'rejected'
      ? { submit: 'Resubmit', busy: 'Resubmitting...' }
      : { submit: 'Save Changes', busy: 'Saving...' };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-6">
      <RequiredFieldsNote />
      <TutorFormFields
        form={form}
        rules={studentRules}
        currentImage={tutor?.image}
        excludeId={tutor?.id}
        profilePath={paths.user.tutorProfile}
      />
      {form.uploading && <UploadingNote />}
      <FormActions
        cancelTo={tutor ? paths.user.myTutors : paths.user.dashboard}
        submitLabel={labels.submit}
        busyLabel={labels.busy}
        busy={saving}
        disabled={form.uploading}
      />
    </form>
  );
}
