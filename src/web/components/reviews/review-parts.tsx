import { useId, useLayoutEffect, useRef, useState } from 'react';
import { StarRating } from '../ui/star-rating';
import { TextLink } from '../ui/text-link';
import { paths } from '../../config/paths';
import type { ReviewTutor } from '../../../shared/review-answers';
import { formatDate } from '../../i18n/format';
import { reviewsText, useReviewsText } from '../../i18n/namespaces/reviews';

// The small pieces every review list is made of (All Reviews, My Reviews, a tutor's profile,
// review management), so a review reads the same wherever it appears.

// A page's first date formatter sets up the browser's locale data: tens of milliseconds on a slow
// CPU. Made in a task of its own while the page's data is on its way, not in the evaluation of
// the page's script or in its render (where it is made after all should that come first).
setTimeout(() => formatDate(0), 0);

/** A review's date as every review list shows it. */
export function ReviewDate({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} className={className}>
      {formatDate(value)}
    </time>
  );
}

/** Who wrote a review, as other students see it: the name its author chose to show, else "Anonymous student". */
export function reviewAuthorName(authorName: string | null): string {
  return authorName ?? reviewsText('parts.anonymousAuthor');
}

/**
 * A review named in a control's label or a dialog ("Hide review by Ada Lovelace"): by its
 * author's name when shown, by its title when anonymous, so two anonymous reviews on one page
 * still have controls of their own.
 */
export function reviewByAuthor(review: { authorName: string | null; title: string }): string {
  return review.authorName === null
    ? reviewsText('parts.anonymousReview', { title: reviewTitle(review.title) })
    : reviewsText('parts.reviewByAuthor', { name: review.authorName });
}

/** A title is required today, but older reviews may have none. */
export function reviewTitle(title: string): string {
  return title.trim() || reviewsText('parts.noTitle');
}

/** The tutor's name, a link to the profile while the tutor is public (students cannot open a hidden one). */
export function ReviewTutorName({ tutor }: { tutor: ReviewTutor }) {
  return tutor.isPublic ? <TextLink to={paths.user.tutorProfile(tutor.id)}>{tutor.name}</TextLink> : <>{tutor.name}</>;
}

/** Stars for the eye, one label for screen readers; the number repeats the stars for those who cannot tell them apart. */
export function ReviewStars({ rating }: { rating: number }) {
  const { t } = useReviewsText();
  return (
    <span className="inline-flex items-center gap-2">
      <StarRating value={rating} size="sm" label={t('parts.rated', { rating })} />
      <span aria-hidden="true" className="text-sm font-medium text-slate-700">
        {rating}/5
      </span>
    </span>
  );
}

/** Readers are told when an AI model drafted the text. */
export function AiAssistedBadge() {
  const { t } = useReviewsText();
  return (
    <span className="inline-flex items-center rounded-full border border-violet-300 bg-violet-50 px-2.5 py-0.5 text-xs font-semibold text-violet-900">
      {t('parts.aiAssisted')}
    </span>
  );
}

/**
 * A review's text, cut to a few lines with a toggle when it runs longer. Only the eye is spared
 * the rest: the whole text stays in the page, so screen readers and find-in-page still reach it.
 */
export function ReviewText({ text, title, className = '' }: { text: string; title: string; className?: string }) {
  const { t } = useReviewsText();
  const textId = useId();
  const textRef = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);

  // Whether the clamp hides anything depends on the card's width, so it is measured, and again on resize.
  useLayoutEffect(() => {
    const element = textRef.current;
    if (!element || expanded) return;
    const measure = () => setOverflowing(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <div className={className}>
      <p
        id={textId}
        ref={textRef}
        className={`whitespace-pre-line break-words text-slate-800 ${expanded ? '' : 'line-clamp-6'}`}
      >
        {text}
      </p>
      {(overflowing || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((open) => !open)}
          className="mt-1 rounded text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline"
        >
          {expanded ? t('parts.showLess') : t('parts.readMore')}
          {/* A page of cards has many such buttons; each says which review it opens. */}
          <span className="sr-only">{t('parts.ofTitle', { title })}</span>
        </button>
      )}
    </div>
  );
}
