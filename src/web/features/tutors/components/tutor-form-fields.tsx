import { lazy, Suspense, useId } from 'react';
import { type FieldErrors, useController, useWatch } from 'react-hook-form';
import {
  BIOGRAPHY_MAX_LENGTH,
  DEPARTMENT_MAX_LENGTH,
  TUTOR_NAME_MAX_LENGTH,
} from '../../../../shared/tutors-constants';
import type { StoredImage } from '../../../../shared/uploads';
import { FormTextAreaField, FormTextField } from '../../../components/forms/form-fields';
import { ImageUploadField } from '../../../components/forms/image-upload-field';
import { useDepartments } from '../../../lib/departments';
import { uploadImage } from '../api/upload-image';
import type { TutorFormControl, TutorFormRules, TutorFormValues } from '../hooks/use-tutor-form';
import { CourseListField } from './course-list-field';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/**
 * The possible-duplicates hint has something to say only once a name is typed and the server
 * has answered: it loads beside the form rather than with it, which keeps the form's routes
 * within their JavaScript budget (decision 0010).
 */
const SimilarTutorsHint = lazy(() =>
  import('./similar-tutors-hint').then((module) => ({ default: module.SimilarTutorsHint })),
);

/**
 * The fields both tutor forms share: Name (with the possible-duplicates hint), Department
 * (suggesting the departments that exist), Biography, Picture and Courses. The forms differ
 * only in `rules` and in what they do on submit.
 */
export function TutorFormFields({
  control,
  rules,
  onUploadingChange,
  currentImage,
  excludeId,
  profilePath,
}: {
  control: TutorFormControl;
  rules: TutorFormRules;
  /** Whether a picture is on its way: the form waits for it before saving. */
  onUploadingChange: (uploading: boolean) => void;
  /** The picture saved with the tutor being edited. */
  currentImage?: StoredImage | null;
  excludeId?: string;
  profilePath: (tutorId: string) => string;
}) {
  const { t } = useTutorsText();
  const [name, department] = useWatch({ control, name: ['name', 'department'] });
  const { field: picture, fieldState: pictureState } = useController({ control, name: 'imageKey' });
  const { field: courses, fieldState: coursesState } = useController({ control, name: 'courses' });
  return (
    <>
      <div className="space-y-3">
        <FormTextField
          control={control}
          name="name"
          label={t('form.name')}
          required
          autoComplete="off"
          maxLength={TUTOR_NAME_MAX_LENGTH}
        />
        {/* The hint's own polite region stands in until it has loaded, so nothing it says goes unannounced. */}
        <Suspense fallback={<div aria-live="polite" />}>
          <SimilarTutorsHint name={name} department={department} excludeId={excludeId} profilePath={profilePath} />
        </Suspense>
      </div>
      <DepartmentField control={control} />
      <FormTextAreaField
        control={control}
        name="biography"
        label={t('form.biography')}
        required
        rows={6}
        maxLength={BIOGRAPHY_MAX_LENGTH}
        hint={t('form.biographyHint')}
      />
      <ImageUploadField
        inputRef={picture.ref}
        upload={uploadImage}
        value={picture.value}
        onChange={picture.onChange}
        onUploadingChange={onUploadingChange}
        currentImageKey={currentImage?.key}
        currentImageUrl={currentImage?.url}
        required={rules.pictureRequired}
        error={pictureState.error?.message}
      />
      {/* A refused submit focuses the first course that needs fixing, found by what it says of itself. */}
      <div
        ref={(element) =>
          courses.ref(element && { focus: () => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus() })
        }
      >
        <CourseListField
          rows={courses.value}
          onChange={courses.onChange}
          errors={courseMessages(courses.value, coursesState.error)}
          required={rules.everyCourseRequired}
          hint={rules.everyCourseRequired ? t('form.coursesHintRequired') : t('form.coursesHintOptional')}
        />
      </div>
    </>
  );
}

/** The courses' messages by row id, as the list shows them. */
function courseMessages(
  rows: TutorFormValues['courses'],
  errors: FieldErrors<TutorFormValues>['courses'] | undefined,
): Record<string, string> {
  const messages: Record<string, string> = {};
  rows.forEach((row, index) => {
    const message = errors?.[index]?.value?.message;
    if (message) messages[row.id] = message;
  });
  return messages;
}

/** A free-text department that suggests the existing ones, so the same department is spelled the same way. */
function DepartmentField({ control }: { control: TutorFormControl }) {
  const { t } = useTutorsText();
  const listId = useId();
  const departments = useDepartments();
  return (
    <div>
      <FormTextField
        control={control}
        name="department"
        label={t('form.department')}
        required
        autoComplete="off"
        list={listId}
        maxLength={DEPARTMENT_MAX_LENGTH}
      />
      <datalist id={listId}>
        {departments.data?.items.map((department) => (
          <option key={department.name} value={department.name} />
        ))}
      </datalist>
    </div>
  );
}
