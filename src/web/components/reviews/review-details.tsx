import type { ReactNode } from 'react';
import { MAX_DIFFICULTY, type TermSeason } from '../../../shared/reviews-constants';
import type { ReviewDetails as ReviewDetailsData } from '../../../shared/review-answers';
import { reviewsText, useReviewsText } from '../../i18n/namespaces/reviews';
import { tagLabel } from './tag-label';

// Apart from review-parts.tsx: the lists that show a review's details load this, the others do not.

/**
 * What a review says besides its stars and text (course, term, difficulty, would take again,
 * tags), in one compact block; only what its author said is shown, nothing at all if they said
 * none of it.
 */
export function ReviewDetails({ review, className = '' }: { review: ReviewDetailsData; className?: string }) {
  const { t } = useReviewsText();
  const { course, term, difficulty, wouldTakeAgain, tags } = review;
  const facts: { label: string; value: ReactNode }[] = [];
  if (course) facts.push({ label: t('details.course'), value: course });
  if (term) facts.push({ label: t('details.term'), value: termLabel(term) });
  if (difficulty !== null) {
    facts.push({
      label: t('details.difficulty'),
      value: (
        <>
          <span aria-hidden="true">
            {difficulty}/{MAX_DIFFICULTY}
          </span>
          <span className="sr-only">{t('details.difficultyOutOf', { value: difficulty, max: MAX_DIFFICULTY })}</span>
        </>
      ),
    });
  }
  if (wouldTakeAgain !== null)
    facts.push({ label: t('details.wouldTakeAgain'), value: wouldTakeAgain ? t('general.yes') : t('general.no') });
  if (facts.length === 0 && tags.length === 0) return null;
  return (
    <div className={`space-y-2 ${className}`}>
      {facts.length > 0 && (
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {facts.map(({ label, value }) => (
            <div key={label} className="flex min-w-0 gap-1">
              <dt className="shrink-0 text-slate-600">{t('details.fact', { label })}</dt>
              <dd className="min-w-0 break-words font-medium text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {tags.length > 0 && (
        <ul aria-label={t('details.tags')} className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full border border-slate-300 bg-slate-50 px-2.5 py-0.5 text-xs font-medium break-words text-slate-800"
            >
              {tagLabel(tag)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** How many students found a review helpful, as its author and moderators read it. */
export function helpfulCountSentence(count: number): string {
  if (count === 0) return reviewsText('details.notHelpfulYet');
  return reviewsText('details.markedHelpful', { count });
}

/** A term as reviews show it: "Fall 2025". */
export function termLabel(term: { season: TermSeason; year: number }): string {
  return reviewsText('details.termValue', { season: reviewsText(`seasons.${term.season}`), year: term.year });
}
