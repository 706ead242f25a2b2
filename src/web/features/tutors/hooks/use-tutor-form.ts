import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { type TutorProfile, type TutorSubmission, tutorSubmissionSchema } from '../../../../shared/tutors';
import { useAppForm } from '../../../components/forms/use-app-form';
import { courseRow } from '../components/course-list-field';

/** Where the student's and the admin's forms differ (spec section 5). */
export interface TutorFormRules {
  pictureRequired: boolean;
  /** The admin form: every course input shown must be filled. The student form skips blank ones. */
  everyCourseRequired: boolean;
}

export const PICTURE_REQUIRED_MESSAGE = 'A picture is required.';

/**
 * What the tutor forms hold while being filled in, in the order the form shows the fields.
 * A course row's id keeps React's rows (and focus) stable when a row above is removed.
 */
const tutorFormFields = z.object({
  name: z.string(),
  department: z.string(),
  biography: z.string(),
  /** The uploaded picture to save with the tutor, or null for none. */
  imageKey: z.string().nullable(),
  courses: z.array(z.object({ id: z.string(), value: z.string() })),
  isPublic: z.boolean(),
});
export type TutorFormValues = z.input<typeof tutorFormFields>;
export type TutorFormOutput = TutorSubmission & { isPublic: boolean };
export type TutorFormControl = Control<TutorFormValues, unknown, TutorFormOutput>;

/**
 * The form checked against the schema the API applies (`tutorSubmissionSchema`), so limits and
 * messages agree; a course's message lands on its own row, blank rows left out where allowed.
 * The result is the trimmed submission and the Public choice.
 */
export function tutorFormSchema(rules: TutorFormRules) {
  return tutorFormFields.transform((values, context): TutorFormOutput => {
    const keptCourses = rules.everyCourseRequired
      ? values.courses
      : values.courses.filter((row) => row.value.trim() !== '');
    const parsed = tutorSubmissionSchema.safeParse({
      name: values.name,
      department: values.department,
      biography: values.biography,
      courses: keptCourses.map((row) => row.value),
      imageKey: values.imageKey,
    });
    const pictureMissing = rules.pictureRequired && values.imageKey === null;
    if (pictureMissing) context.addIssue({ code: 'custom', message: PICTURE_REQUIRED_MESSAGE, path: ['imageKey'] });
    if (parsed.success) {
      if (!pictureMissing) return { ...parsed.data, isPublic: values.isPublic };
      return z.NEVER;
    }
    for (const { message, path } of parsed.error.issues) {
      const [field, index] = path;
      const row = field === 'courses' && typeof index === 'number' ? keptCourses[index] : undefined;
      context.addIssue({
        code: 'custom',
        message,
        path: row ? ['courses', values.courses.indexOf(row), 'value'] : path,
      });
    }
    return z.NEVER;
  });
}

function tutorFormValues(
  tutor: TutorProfile | undefined,
  defaults: { courseRows: number; isPublic: boolean },
): TutorFormValues {
  if (!tutor) {
    return {
      name: '',
      department: '',
      biography: '',
      imageKey: null,
      courses: Array.from({ length: defaults.courseRows }, () => courseRow()),
      isPublic: defaults.isPublic,
    };
  }
  return {
    name: tutor.name,
    department: tutor.department,
    biography: tutor.biography,
    imageKey: tutor.image?.key ?? null,
    courses: tutor.courses.map((course) => courseRow(course)),
    isPublic: tutor.isPublic,
  };
}

/**
 * A tutor form on the one form pattern: `schema` is `tutorFormSchema(rules)`, made once per
 * form; `tutor` prefills it for an edit, else `defaults` say how it starts.
 */
export function useTutorForm(
  schema: ReturnType<typeof tutorFormSchema>,
  tutor: TutorProfile | undefined,
  defaults: { courseRows: number; isPublic: boolean },
) {
  // Made once: fresh course rows on every render would only be thrown away.
  const [defaultValues] = useState(() => tutorFormValues(tutor, defaults));
  return useAppForm({ schema, defaultValues });
}
