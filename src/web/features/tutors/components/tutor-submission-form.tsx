import { FormErrorAlert } from '../../../components/forms/form-fields';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { TutorProfile } from '../../../../shared/tutors';
import { RequiredFieldsNote } from '../../../components/forms/field';
import { FormActions } from '../../../components/ui/form-actions';
import { paths } from '../../../config/paths';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useCreateTutor } from '../api/create-tutor';
import { useUpdateMyTutor } from '../api/update-my-tutor';
import { type TutorFormOutput, type TutorFormRules, tutorFormSchema, useTutorForm } from '../hooks/use-tutor-form';
import { TutorFormFields } from './tutor-form-fields';
import { UploadingNote } from './uploading-note';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

// Spec section 5: name, department and biography; the picture and courses are optional.
const studentRules: TutorFormRules = { pictureRequired: false, everyCourseRequired: false };
const studentSchema = tutorFormSchema(studentRules);

/**
 * The student's Add Tutor form, or the same form editing one of their pending or rejected
 * submissions (saving a rejected one sends it back for verification). A refused save keeps
 * everything typed.
 */
export function TutorSubmissionForm({ tutor }: { tutor?: TutorProfile }) {
  const { t } = useTutorsText();
  const navigate = useNavigate();
  const form = useTutorForm(studentSchema, tutor, { courseRows: 1, isPublic: false });
  const [uploading, setUploading] = useState(false);
  const createTutor = useCreateTutor();
  const updateTutor = useUpdateMyTutor();
  const saving = createTutor.isPending || updateTutor.isPending;

  function send({ isPublic: _studentsDoNotChoose, ...submission }: TutorFormOutput) {
    const handlers = {
      onSuccess: () => {
        toast.success(t('form.submittedToast'));
        navigate(paths.user.myTutors);
      },
      onError: (error: Error) => {
        toast.error(errorMessage(error));
        // What the server refused field by field is shown on those fields as well.
        if (error instanceof ApiRequestError && error.fields.length > 0) form.showServerError(error);
      },
    };
    if (tutor) updateTutor.mutate({ tutorId: tutor.id, submission }, handlers);
    else createTutor.mutate(submission, handlers);
  }
  const submit = form.handleSubmit(send);

  const labels = !tutor
    ? { submit: t('form.submit'), busy: t('form.submitting') }
    : tutor.status === 'rejected'
      ? { submit: t('form.resubmit'), busy: t('form.resubmitting') }
      : { submit: t('form.saveChanges'), busy: t('form.saving') };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (saving || uploading) {
          event.preventDefault();
          return;
        }
        void submit(event);
      }}
      className="space-y-6"
    >
      <RequiredFieldsNote />
      <FormErrorAlert control={form.control} />
      <TutorFormFields
        control={form.control}
        rules={studentRules}
        onUploadingChange={setUploading}
        currentImage={tutor?.image}
        excludeId={tutor?.id}
        profilePath={paths.user.tutorProfile}
      />
      {uploading && <UploadingNote />}
      <FormActions
        cancelTo={tutor ? paths.user.myTutors : paths.user.dashboard}
        submitLabel={labels.submit}
        busyLabel={labels.busy}
        busy={saving}
        disabled={uploading}
      />
    </form>
  );
}
