import type { ReactNode } from 'react';
import type { TutorSummary } from '../../../../shared/tutors';
import { TutorPicture } from '../../../components/tutors/tutor-picture';

// What the tutor picker's button and its search popup share.

/** What the form needs of a tutor: enough to show who is chosen. */
export type PickedTutor = Pick<TutorSummary, 'id' | 'name' | 'department' | 'image'>;

/**
 * A mark on some of the tutors listed (those the student reviewed already): `lookUp` is given
 * the ids of the tutors listed and renders the list with the set of those marked. The page
 * lends it from another feature, as it lends the picker to the form.
 */
export interface TutorMarks {
  /** Said beside each marked tutor, and read with its name. */
  label: string;
  lookUp: (tutorIds: string[], render: (marked: ReadonlySet<string>) => ReactNode) => ReactNode;
}

/** The picture (decorative: the name follows), the name and the department. */
export function TutorIdentity({ tutor }: { tutor: PickedTutor }) {
  return (
    <>
      <span aria-hidden="true" className="flex shrink-0">
        <TutorPicture image={tutor.image} name={tutor.name} size="sm" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium break-words text-slate-900">{tutor.name}</span>
        <span className="block text-sm break-words text-slate-600">{tutor.department}</span>
      </span>
    </>
  );
}
