import { type MouseEvent, useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AI_SUMMARY_MIN_REVIEWS } from '../../../../shared/review-summaries-constants';
import { TUTOR_REVIEWS_PAGE_PARAM, tutorReviewsParams } from '../../../../shared/page-data';
import type { TutorProfile } from '../../../../shared/tutors';
import { useTutorReviewSummary } from '../api/get-tutor-review-summary';
import { formatNumber } from '../../../i18n/format';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** The anchor of a review card on a tutor's profile: where a summary's citation leads. */
export const reviewAnchorId = (reviewId: string) => `review-${reviewId}`;

/** Brings the review card into view and puts focus on it, so a keyboard or screen reader follows the link. */
function showReview(element: HTMLElement): void {
  element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
}

/**
 * Once the reviews in view include the one the address names (#review-...), shows it: a
 * citation followed from another page of reviews lands on it when the list arrives.
 */
export function useShowReviewInAddress(reviewsShown: unknown): void {
  const { hash, key } = useLocation();
  // Once per visit of the address: a vote or a refetch later must not pull the reader back.
  const shownAt = useRef<string | null>(null);
  useEffect(() => {
    if (!hash.startsWith('#review-') || shownAt.current === `${key}${hash}`) return;
    const element = document.getElementById(hash.slice(1));
    if (!element) return;
    shownAt.current = `${key}${hash}`;
    showReview(element);
  }, [hash, key, reviewsShown]);
}

/** Whether a profile asks for its AI summary: a public tutor with enough reviews to have one. */
export const showsAiSummary = (tutor: Pick<TutorProfile, 'isPublic' | 'reviewCount'>) =>
  tutor.isPublic && tutor.reviewCount >= AI_SUMMARY_MIN_REVIEWS;

/**
 * "What students say": the AI summary of the tutor's reviews, each sentence followed by links
 * to the reviews it comes from. A cited review on the page shown is scrolled to; one that is
 * not (another page, or filtered out) opens the reviews in "Most helpful" order, unfiltered,
 * where the summary's reviews lead (it is written from the most helpful), and is shown when it
 * arrives.
 */
export function TutorAiSummary({ tutor }: { tutor: TutorProfile }) {
  const { t } = useTutorsText();
  const headingId = useId();
  const summary = useTutorReviewSummary(tutor.id, showsAiSummary(tutor));
  const navigate = useNavigate();
  const location = useLocation();
  const shown = summary.data?.summary;
  if (!shown) return null;

  // Numbered in the order they are first cited, as footnotes are.
  const numbers = new Map<string, number>();
  for (const sentence of shown.sentences)
    for (const reviewId of sentence.reviewIds) if (!numbers.has(reviewId)) numbers.set(reviewId, numbers.size + 1);

  function follow(event: MouseEvent<HTMLAnchorElement>, reviewId: string) {
    event.preventDefault();
    const anchor = reviewAnchorId(reviewId);
    const element = document.getElementById(anchor);
    if (element) {
      window.history.replaceState(window.history.state, '', `#${anchor}`);
      showReview(element);
      return;
    }
    const params = new URLSearchParams(location.search);
    for (const param of Object.values(tutorReviewsParams)) params.delete(param);
    params.delete(TUTOR_REVIEWS_PAGE_PARAM);
    params.set(tutorReviewsParams.sort, 'helpful');
    void navigate({ search: `?${params}`, hash: anchor }, { preventScrollReset: true });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-indigo-200 bg-indigo-50/40 p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('aiSummary.heading')}
      </h2>
      <p className="text-sm text-slate-700">{t('aiSummary.label', { count: shown.reviewCount })}</p>
      <ul className="mt-3 space-y-2 text-slate-800">
        {shown.sentences.map((sentence, index) => (
          <li key={index} className="break-words">
            {sentence.text}{' '}
            {sentence.reviewIds.map((reviewId) => {
              const number = numbers.get(reviewId)!;
              return (
                <a
                  key={reviewId}
                  href={`#${reviewAnchorId(reviewId)}`}
                  aria-label={t('aiSummary.reviewLink', { number: formatNumber(number) })}
                  onClick={(event) => follow(event, reviewId)}
                  className="mx-0.5 inline-flex min-h-6 min-w-6 items-center justify-center rounded text-sm font-medium text-indigo-800 underline underline-offset-2 hover:text-indigo-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
                >
                  [{number}]
                </a>
              );
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
