import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { TutorListItem, TutorSummary } from '../../../../shared/tutors';
import { TutorPicture } from '../../../components/tutors/tutor-picture';
import { TutorRatingSummary } from './tutor-rating-summary';
import { formatNumber } from '../../../i18n/format';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/**
 * Below 640 px a card is a row (picture beside the text, actions underneath) so a phone shows
 * several tutors a screen; from 640 px it is a column in a grid of 2 or 3.
 */
const cardClass =
  'relative grid h-full grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex sm:flex-col sm:items-center sm:p-5 sm:text-center';

/**
 * One tutor in a grid: picture, name, department, rating and, in the public list, its top
 * courses. The caller passes the actions (a student's card rates the tutor, an admin's opens the
 * full profile) and any badges. With `to`, the name is a link stretched over the whole card
 * (picture included), so a click anywhere on it opens the tutor; actions stay above it.
 */
export function TutorCard({
  tutor,
  to,
  children,
  badges,
}: {
  tutor: TutorSummary & Partial<Pick<TutorListItem, 'topCourses' | 'courseCount'>>;
  to?: string;
  children?: ReactNode;
  badges?: ReactNode;
}) {
  const nameId = useId();
  return (
    <article aria-labelledby={nameId} className={cardClass}>
      {/* On a phone the picture spans the name, rating and courses rows beside it. */}
      <TutorPicture image={tutor.image} name={tutor.name} size="card" className="row-span-3" />
      {/* From 640 px: room for a two-line name and the department, so one-line names do not make shorter cards. */}
      <div className="min-w-0 sm:mt-3 sm:min-h-[4.75rem] sm:w-full">
        <h2
          id={nameId}
          className="line-clamp-2 text-base leading-6 font-semibold break-words text-slate-900 sm:text-lg sm:leading-7"
          title={tutor.name}
        >
          {to ? (
            <Link
              to={to}
              className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-indigo-800 hover:underline"
            >
              {tutor.name}
            </Link>
          ) : (
            tutor.name
          )}
        </h2>
        <p className="truncate text-sm leading-5 text-slate-700" title={tutor.department}>
          {tutor.department}
        </p>
      </div>
      <div className="mt-1 flex min-h-6 items-center sm:mt-auto sm:w-full sm:justify-center sm:pt-3">
        <TutorRatingSummary averageRating={tutor.averageRating} reviewCount={tutor.reviewCount} />
      </div>
      {tutor.topCourses ? (
        <TopCourses courses={tutor.topCourses} total={tutor.courseCount ?? tutor.topCourses.length} />
      ) : (
        <span />
      )}
      {badges && <div className="col-span-2 mt-2 flex flex-wrap gap-2 sm:justify-center">{badges}</div>}
      {children && (
        <div className="col-span-2 mt-3 flex w-full flex-wrap justify-end gap-2 sm:mt-4 sm:flex-col">{children}</div>
      )}
    </article>
  );
}

/**
 * The first courses and how many more there are, in one line that never wraps, so every card
 * keeps its height. A tutor without courses keeps the line, empty.
 */
function TopCourses({ courses, total }: { courses: string[]; total: number }) {
  const { t } = useTutorsText();
  const more = total - courses.length;
  return (
    <p
      className="mt-1 h-6 min-w-0 truncate text-xs leading-6 text-slate-700 sm:mt-2 sm:w-full"
      title={courses.join(', ')}
    >
      {courses.length > 0 && <span className="sr-only">{t('card.courses')}</span>}
      {courses.map((course, index) => (
        <span key={`${index}-${course}`}>
          {index > 0 && <span aria-hidden="true"> · </span>}
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-800">{course}</span>
        </span>
      ))}
      {more > 0 && <span className="text-slate-600">{t('card.more', { more: formatNumber(more) })}</span>}
    </p>
  );
}

/** An action that stays clickable above the card's stretched name link. */
export const cardActionClass = 'relative z-10 flex flex-col';

/** A card's outline while the list loads, sized like a real card so nothing moves when it arrives. */
export function TutorCardSkeleton({
  actions = 2,
  badges = false,
  courses = false,
}: {
  actions?: number;
  badges?: boolean;
  courses?: boolean;
}) {
  return (
    <div aria-hidden="true" className={`${cardClass} animate-pulse`}>
      <span className="row-span-3 h-14 w-14 rounded-full bg-slate-200 sm:h-20 sm:w-20" />
      <span className="flex min-w-0 flex-col gap-2 pt-1 sm:mt-3 sm:h-[4.75rem] sm:w-full sm:items-center">
        <span className="h-5 w-2/3 rounded bg-slate-200" />
        <span className="h-4 w-1/2 rounded bg-slate-100" />
      </span>
      <span className="mt-1 flex min-h-6 items-center sm:mt-auto sm:w-full sm:justify-center sm:pt-3">
        <span className="h-4 w-3/5 rounded bg-slate-100" />
      </span>
      {courses ? (
        <span className="mt-1 flex h-6 items-center sm:mt-2 sm:w-full sm:justify-center">
          <span className="h-4 w-4/5 rounded bg-slate-100" />
        </span>
      ) : (
        <span />
      )}
      {badges && (
        <span className="col-span-2 mt-2 flex sm:justify-center">
          <span className="h-[1.375rem] w-24 rounded-full bg-slate-100" />
        </span>
      )}
      <span className="col-span-2 mt-3 flex w-full justify-end gap-2 sm:mt-4 sm:flex-col">
        {Array.from({ length: actions }, (_, index) => (
          <span key={index} className="h-[2.375rem] w-32 rounded-md bg-slate-200 sm:w-full" />
        ))}
      </span>
    </div>
  );
}
