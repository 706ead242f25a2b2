import { useRef, useState } from 'react';
import { type TutorProfile, type TutorSubmission, tutorSubmissionSchema } from '../../../../shared/tutors';
import { type CourseRow, courseRow } from '../components/course-list-field';

/** What the tutor forms hold while being filled in. */
export interface TutorFormValues {
  name: string;
  department: string;
  biography: string;
  courses: CourseRow[];
  /** The uploaded picture to save with the tutor, or null for none. */
  imageKey: string | null;
  isPublic: boolean;
}

/** Where the student's and the admin's forms differ (spec section 5). */
export interface TutorFormRules {
  pictureRequired: boolean;
  /** The admin form: every course input shown must be filled. The student form skips blank ones. */
  everyCourseRequired: boolean;
}

type TextField = 'name' | 'department' | 'biography';

export interface TutorFormErrors {
  name?: string;
  department?: string;
  biography?: string;
  imageKey?: string;
  /** Messages by course row id. */
  courses: Record<string, string>;
}

export const PICTURE_REQUIRED_MESSAGE = 'A picture is required.';

export function tutorFormValues(
  tutor: TutorProfile | undefined,
  defaults: { courseRows: number; isPublic: boolean },
): TutorFormValues {
  if (!tutor) {
    return {
      name: '',
      department: '',
      biography: '',
      courses: Array.from({ length: defaults.courseRows }, () => courseRow()),
      imageKey: null,
      isPublic: defaults.isPublic,
    };
  }
  return {
    name: tutor.name,
    department: tutor.department,
    biography: tutor.biography,
    courses: tutor.courses.map((course) => courseRow(course)),
    imageKey: tutor.image?.key ?? null,
    isPublic: tutor.isPublic,
  };
}

/**
 * Checks the form against the same schema the API applies, so limits and messages agree;
 * the result is the trimmed submission, or the messages keyed by field and course row.
 */
export function validateTutorForm(
  values: TutorFormValues,
  rules: TutorFormRules,
): { errors: TutorFormErrors; submission: TutorSubmission | null } {
  const keptCourses = rules.everyCourseRequired
    ? values.courses
    : values.courses.filter((row) => row.value.trim() !== '');
  const errors: TutorFormErrors = { courses: {} };
  const parsed = tutorSubmissionSchema.safeParse({
    name: values.name,
    department: values.department,
    biography: values.biography,
    courses: keptCourses.map((row) => row.value),
    imageKey: values.imageKey,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      if (field === 'courses' && typeof index === 'number') {
        const row = keptCourses[index];
        if (row) errors.courses[row.id] ??= issue.message;
      } else if (field === 'name' || field === 'department' || field === 'biography' || field === 'imageKey') {
        errors[field] ??= issue.message;
      }
    }
  }
  if (rules.pictureRequired && values.imageKey === null) errors.imageKey = PICTURE_REQUIRED_MESSAGE;
  const valid =
    !errors.name &&
    !errors.department &&
    !errors.biography &&
    !errors.imageKey &&
    Object.keys(errors.courses).length === 0;
  return { errors, submission: valid && parsed.success ? parsed.data : null };
}

const noErrors: TutorFormErrors = { courses: {} };

/**
 * State, validation and focus for the tutor forms. Messages appear after the first submit
 * and then follow every change; a refused submit moves focus to the first field to fix.
 */
export function useTutorForm(initialValues: () => TutorFormValues, rules: TutorFormRules) {
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  const [uploading, setUploading] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const departmentRef = useRef<HTMLInputElement>(null);
  const biographyRef = useRef<HTMLTextAreaElement>(null);
  const pictureRef = useRef<HTMLInputElement>(null);
  const courseInputs = useRef(new Map<string, HTMLInputElement>());

  const validation = validateTutorForm(values, rules);
  const errors = submitted ? validation.errors : noErrors;

  function setField<K extends keyof TutorFormValues>(field: K, value: TutorFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function registerCourseInput(rowId: string, input: HTMLInputElement | null) {
    if (input) courseInputs.current.set(rowId, input);
    else courseInputs.current.delete(rowId);
  }

  function focusFirstInvalid(found: TutorFormErrors) {
    const textFields: [TextField, HTMLElement | null][] = [
      ['name', nameRef.current],
      ['department', departmentRef.current],
      ['biography', biographyRef.current],
    ];
    const invalidText = textFields.find(([field]) => found[field]);
    if (invalidText) return invalidText[1]?.focus();
    if (found.imageKey) return pictureRef.current?.focus();
    const invalidCourse = values.courses.find((row) => found.courses[row.id]);
    if (invalidCourse) courseInputs.current.get(invalidCourse.id)?.focus();
  }

  /** The submission to send, or null (with the messages shown and focus moved) when something needs fixing. */
  function submit(): TutorSubmission | null {
    setSubmitted(true);
    if (!validation.submission) {
      focusFirstInvalid(validation.errors);
      return null;
    }
    return validation.submission;
  }

  return {
    values,
    errors,
    setField,
    submit,
    uploading,
    setUploading,
    refs: { name: nameRef, department: departmentRef, biography: biographyRef, picture: pictureRef },
    registerCourseInput,
  };
}

export type TutorFormState = ReturnType<typeof useTutorForm>;
