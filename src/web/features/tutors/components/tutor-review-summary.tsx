import { type ReactNode, useId } from 'react';
import { MAX_DIFFICULTY, RECENT_REVIEW_MONTHS } from '../../../../shared/reviews-constants';
import type { TutorProfile } from '../../../../shared/tutors';
import { formatRating } from '../../../components/ui/star-rating';
import { Trans } from 'react-i18next';
import { reviewCountLabel } from './tutor-rating-summary';
import { formatNumber } from '../../../i18n/format';
import { useTutorsText } from '../../../i18n/namespaces/tutors';
import { tagLabel } from '../../../components/reviews/tag-label';

/** A mean of 1 to 5 as the stars show it: one decimal, in the page's digits. */
const ratingFigure = (mean: number) => formatNumber(Number(formatRating(mean)), { minimumFractionDigits: 1 });

/** "4.3 (12 reviews)", or what stands for a mean of no reviews. */
function MeanWithCount({ mean, count, none }: { mean: number | null; count: number; none: string }) {
  const { t } = useTutorsText();
  if (mean === null || count === 0) return none;
  return (
    <Trans
      t={t}
      i18nKey="ratingWithCount"
      values={{ rating: ratingFigure(mean), reviews: reviewCountLabel(count) }}
      components={{ strong: <span className="font-semibold text-slate-900" /> }}
    />
  );
}

/** One line of the summary: what it is, and its figure. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}

/** The all-time and the recent average, side by side: whether a tutor got better or worse shows at a glance. */
export function TutorAverages({ tutor }: { tutor: TutorProfile }) {
  const { t } = useTutorsText();
  const { recent } = tutor.reviewSummary;
  if (tutor.reviewCount === 0) return null;
  return (
    <dl className="space-y-1 text-sm">
      <Fact label={t('summary.allTime')}>
        <MeanWithCount mean={tutor.averageRating} count={tutor.reviewCount} none={t('noRatingsYet')} />
      </Fact>
      <Fact label={t('summary.lastMonths', { count: RECENT_REVIEW_MONTHS })}>
        <MeanWithCount mean={recent.averageRating} count={recent.reviewCount} none={t('summary.noReviews')} />
      </Fact>
    </dl>
  );
}

/**
 * What the reviews say together besides the stars: the mean difficulty, how many would take the
 * tutor again, the tags given most and the courses reviewed. A part no review spoke to is left out.
 */
export function TutorReviewHighlights({ tutor }: { tutor: TutorProfile }) {
  const { t } = useTutorsText();
  const tagsId = useId();
  const coursesId = useId();
  const { averageDifficulty, difficultyCount, wouldTakeAgainPercent, wouldTakeAgainCount, topTags, courses } =
    tutor.reviewSummary;
  const hasFacts = averageDifficulty !== null || wouldTakeAgainPercent !== null;
  if (!hasFacts && topTags.length === 0 && courses.length === 0) return null;
  return (
    <div className="space-y-4">
      {hasFacts && (
        <dl className="space-y-1 text-sm">
          {averageDifficulty !== null && (
            <Fact label={t('summary.difficulty')}>
              <Trans
                t={t}
                i18nKey="summary.difficultyValue"
                values={{
                  difficulty: ratingFigure(averageDifficulty),
                  max: formatNumber(MAX_DIFFICULTY),
                  reviews: reviewCountLabel(difficultyCount),
                }}
                components={{ strong: <span className="font-semibold text-slate-900" /> }}
              />
            </Fact>
          )}
          {wouldTakeAgainPercent !== null && (
            <Fact label={t('summary.wouldTakeAgain')}>
              <Trans
                t={t}
                i18nKey="summary.wouldTakeAgainValue"
                values={{
                  percent: formatNumber(wouldTakeAgainPercent / 100, { style: 'percent' }),
                  answers: t('summary.answers', { count: wouldTakeAgainCount }),
                }}
                components={{ strong: <span className="font-semibold text-slate-900" /> }}
              />
            </Fact>
          )}
        </dl>
      )}
      {topTags.length > 0 && (
        <div>
          <h3 id={tagsId} className="text-sm font-semibold text-slate-900">
            {t('summary.mostGivenTags')}
          </h3>
          <ul aria-labelledby={tagsId} className="mt-2 flex flex-wrap gap-1.5">
            {topTags.map((tag) => (
              <li
                key={tag.name}
                className="rounded-full border border-slate-300 bg-slate-50 px-2.5 py-0.5 text-xs font-medium break-words text-slate-800"
              >
                {tagLabel(tag.name)}
                <span className="ms-1 font-normal text-slate-600">
                  <span aria-hidden="true">·</span> {formatNumber(tag.reviewCount)}
                  <span className="sr-only">{t('summary.tagReviews', { count: tag.reviewCount })}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {courses.length > 0 && (
        <div>
          <h3 id={coursesId} className="text-sm font-semibold text-slate-900">
            {t('summary.coursesReviewed')}
          </h3>
          <ul aria-labelledby={coursesId} className="mt-2 space-y-1 text-sm">
            {courses.map((course) => (
              <li key={course.name} className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 break-words text-slate-800">{course.name}</span>
                <span className="shrink-0 text-slate-600">{reviewCountLabel(course.reviewCount)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
