import { type ReactNode, useId } from 'react';
import type { TutorSummary } from '../../../../shared/tutors';
import { TutorPicture } from '../../../components/tutors/tutor-picture';
import { TutorRatingSummary } from './tutor-rating-summary';

const cardClass =
  'relative flex h-full flex-col items-center rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm';

/**
 * One tutor in a grid: picture, name, department and rating. The caller passes the actions
 * (a student's card links to the profile and the review form, an admin's to the full profile)
 * and any badges. Fixed line heights keep every card, and its skeleton, the same size.
 * An action made with `cardLinkClass` covers the whole card (picture and name included), so a
 * click anywhere on it opens the tutor; the others stay above it.
 */
export function TutorCard({
  tutor,
  children,
  badges,
}: {
  tutor: TutorSummary;
  children?: ReactNode;
  badges?: ReactNode;
}) {
  const nameId = useId();
  return (
    <article aria-labelledby={nameId} className={cardClass}>
      <TutorPicture image={tutor.image} name={tutor.name} size="md" />
      {/* Room for a two-line name (1.75rem a line) and the department, so one-line names do not make shorter cards. */}
      <div className="mt-3 min-h-[4.75rem] w-full">
        <h2
          id={nameId}
          className="line-clamp-2 break-words text-lg font-semibold leading-7 text-slate-900"
          title={tutor.name}
        >
          {tutor.name}
        </h2>
        <p className="h-5 truncate text-sm leading-5 text-slate-700" title={tutor.department}>
          {tutor.department}
        </p>
      </div>
      <div className="mt-auto w-full pt-3">
        <div className="flex min-h-6 items-center justify-center">
          <TutorRatingSummary averageRating={tutor.averageRating} reviewCount={tutor.reviewCount} />
        </div>
        {badges && <div className="mt-2 flex flex-wrap justify-center gap-2">{badges}</div>}
        {children && <div className="mt-4 flex w-full flex-col gap-2">{children}</div>}
      </div>
    </article>
  );
}

/** For the card's one main link: it stretches over the whole card; other actions take `cardActionClass`. */
export const cardLinkClass = 'after:absolute after:inset-0 after:rounded-xl after:content-[""]';
/** An action that stays clickable above the card's main link. */
export const cardActionClass = 'relative z-10 flex flex-col';

/** A card's outline while the list loads, sized like a real card so nothing moves when it arrives. */
export function TutorCardSkeleton({ actions = 2, badges = false }: { actions?: number; badges?: boolean }) {
  return (
    <div aria-hidden="true" className={`${cardClass} animate-pulse`}>
      <span className="h-20 w-20 rounded-full bg-slate-200" />
      <span className="mt-3 flex h-[4.75rem] w-full flex-col items-center gap-2 pt-1">
        <span className="h-5 w-2/3 rounded bg-slate-200" />
        <span className="h-4 w-1/2 rounded bg-slate-100" />
      </span>
      <span className="mt-auto w-full pt-3">
        <span className="flex min-h-6 items-center justify-center">
          <span className="h-4 w-3/5 rounded bg-slate-100" />
        </span>
        {badges && (
          <span className="mt-2 flex justify-center">
            <span className="h-[1.375rem] w-24 rounded-full bg-slate-100" />
          </span>
        )}
        <span className="mt-4 flex w-full flex-col gap-2">
          {/* The first action is a primary button (36px), the others bordered secondary ones (38px). */}
          {Array.from({ length: actions }, (_, index) => (
            <span key={index} className={`w-full rounded-md bg-slate-200 ${index === 0 ? 'h-9' : 'h-[2.375rem]'}`} />
          ))}
        </span>
      </span>
    </div>
  );
}
