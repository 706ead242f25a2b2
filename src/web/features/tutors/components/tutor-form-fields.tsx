import { type Ref, useId } from 'react';
import { BIOGRAPHY_MAX_LENGTH, DEPARTMENT_MAX_LENGTH, TUTOR_NAME_MAX_LENGTH } from '../../../../shared/tutors';
import type { StoredImage } from '../../../../shared/uploads';
import { TextAreaField, TextInputField } from '../../../components/forms/field';
import { ImageUploadField } from '../../../components/forms/image-upload-field';
import { useDepartments } from '../../../lib/departments';
import { uploadImage } from '../api/upload-image';
import type { TutorFormRules, TutorFormState } from '../hooks/use-tutor-form';
import { CourseListField } from './course-list-field';
import { SimilarTutorsHint } from './similar-tutors-hint';

/**
 * The fields both tutor forms share: Name (with the possible-duplicates hint), Department
 * (suggesting the departments that exist), Biography, Picture and Courses. The forms differ
 * only in `rules` and in what they do on submit.
 */
export function TutorFormFields({
  form,
  rules,
  currentImage,
  excludeId,
  profilePath,
}: {
  form: TutorFormState;
  rules: TutorFormRules;
  /** The picture saved with the tutor being edited. */
  currentImage?: StoredImage | null;
  excludeId?: string;
  profilePath: (tutorId: string) => string;
}) {
  const { values, errors, setField, refs } = form;
  return (
    <>
      <div className="space-y-3">
        <TextInputField
          ref={refs.name}
          label="Name"
          name="name"
          required
          autoComplete="off"
          maxLength={TUTOR_NAME_MAX_LENGTH}
          value={values.name}
          error={errors.name}
          onChange={(event) => setField('name', event.target.value)}
        />
        <SimilarTutorsHint
          name={values.name}
          department={values.department}
          excludeId={excludeId}
          profilePath={profilePath}
        />
      </div>
      <DepartmentField
        ref={refs.department}
        value={values.department}
        error={errors.department}
        onChange={(value) => setField('department', value)}
      />
      <TextAreaField
        ref={refs.biography}
        label="Biography"
        name="biography"
        required
        rows={6}
        maxLength={BIOGRAPHY_MAX_LENGTH}
        value={values.biography}
        error={errors.biography}
        hint="What they teach, how they teach it, and anything that helps a student choose."
        onChange={(event) => setField('biography', event.target.value)}
      />
      <ImageUploadField
        inputRef={refs.picture}
        upload={uploadImage}
        value={values.imageKey}
        onChange={(key) => setField('imageKey', key)}
        onUploadingChange={form.setUploading}
        currentImageKey={currentImage?.key}
        currentImageUrl={currentImage?.url}
        required={rules.pictureRequired}
        error={errors.imageKey}
      />
      <CourseListField
        rows={values.courses}
        onChange={(rows) => setField('courses', rows)}
        errors={errors.courses}
        required={rules.everyCourseRequired}
        registerInput={form.registerCourseInput}
        hint={
          rules.everyCourseRequired
            ? 'Fill in every course shown, or remove the ones you do not need.'
            : 'Optional. Blank rows are left out.'
        }
      />
    </>
  );
}

/** A free-text department that suggests the existing ones, so the same department is spelled the same way. */
function DepartmentField({
  ref,
  value,
  error,
  onChange,
}: {
  ref: Ref<HTMLInputElement>;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const listId = useId();
  const departments = useDepartments();
  return (
    <div>
      <TextInputField
        ref={ref}
        label="Department"
        name="department"
        required
        autoComplete="off"
        list={listId}
        maxLength={DEPARTMENT_MAX_LENGTH}
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {departments.data?.items.map((department) => (
          <option key={department.name} value={department.name} />
        ))}
      </datalist>
    </div>
  );
}
