import { FormErrorAlert } from '../../../components/forms/form-fields';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { TutorProfile, TutorResponse } from '../../../../shared/tutors';
import { CheckboxField, RequiredFieldsNote } from '../../../components/forms/field';
import { FormActions } from '../../../components/ui/form-actions';
import { paths } from '../../../config/paths';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useCreateAdminTutor } from '../api/create-admin-tutor';
import { useUpdateAdminTutor } from '../api/update-admin-tutor';
import { type TutorFormOutput, type TutorFormRules, tutorFormSchema, useTutorForm } from '../hooks/use-tutor-form';
import { TutorFormFields } from './tutor-form-fields';
import { useTutorsText } from '../../../i18n/namespaces/tutors';
import { UploadingNote } from './uploading-note';

// Spec section 5: the admin form also requires a picture and every course input shown.
const adminRules: TutorFormRules = { pictureRequired: true, everyCourseRequired: true };
const adminSchema = tutorFormSchema(adminRules);

/**
 * The admin's Add Teacher form, or 'Edit Profile' of an existing tutor (prefilled). The
 * 'Public' checkbox is on by default for a new teacher.
 */
export function AdminTutorForm({ tutor }: { tutor?: TutorProfile }) {
  const { t } = useTutorsText();
  const navigate = useNavigate();
  const form = useTutorForm(adminSchema, tutor, { courseRows: 0, isPublic: true });
  const { field: isPublic } = useController({ control: form.control, name: 'isPublic' });
  const [uploading, setUploading] = useState(false);
  const createTutor = useCreateAdminTutor();
  const updateTutor = useUpdateAdminTutor();
  const saving = createTutor.isPending || updateTutor.isPending;

  function send({ imageKey, ...rest }: TutorFormOutput) {
    // A valid form always has a picture; the check keeps the types honest.
    if (!imageKey) return;
    const input = { ...rest, imageKey };
    const handlers = {
      onSuccess: ({ tutor: saved }: TutorResponse) => {
        toast.success(t('form.submittedToast'));
        navigate(paths.admin.teacherFullProfile(saved.id));
      },
      onError: (error: Error) => {
        toast.error(errorMessage(error));
        // What the server refused field by field is shown on those fields as well.
        if (error instanceof ApiRequestError && error.fields.length > 0) form.showServerError(error);
      },
    };
    if (tutor) updateTutor.mutate({ tutorId: tutor.id, input }, handlers);
    else createTutor.mutate(input, handlers);
  }
  const submit = form.handleSubmit(send);

  const awaitingDecision = tutor !== undefined && tutor.status !== 'approved';

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
        rules={adminRules}
        onUploadingChange={setUploading}
        currentImage={tutor?.image}
        excludeId={tutor?.id}
        profilePath={paths.admin.teacherFullProfile}
      />
      <CheckboxField
        label={t('adminForm.public')}
        name={isPublic.name}
        checked={isPublic.value}
        onChange={(event) => isPublic.onChange(event.target.checked)}
        onBlur={isPublic.onBlur}
        hint={awaitingDecision ? t('adminForm.publicHintAwaiting') : t('adminForm.publicHint')}
      />
      {uploading && <UploadingNote />}
      <FormActions
        cancelTo={tutor ? paths.admin.teacherFullProfile(tutor.id) : paths.admin.teacherProfileManagement}
        submitLabel={tutor ? t('adminForm.saveChanges') : t('adminForm.addTeacher')}
        busyLabel={tutor ? t('adminForm.saving') : t('adminForm.adding')}
        busy={saving}
        disabled={uploading}
      />
    </form>
  );
}
