import { useMemo } from 'react';
import type { MyStatistics } from '../../../../shared/statistics';
import { ChartFigure, type ChartSeries } from '../../../components/charts/chart-figure';
import { LinkButton } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../i18n/format';
import { useStatisticsText } from '../../../i18n/namespaces/statistics';
import {
  monthLabel,
  RATINGS,
  ratingCounts,
  ratingLabel,
  ratingsSummary,
  reviewsByMonthSummary,
  submissionStatuses,
  submissionStatusLabel,
  submissionsSummary,
} from '../lib/chart-data';
import { SmallCounts, tooFewToChart } from './small-counts';

/**
 * The student's totals and three charts. A chart of fewer than CHART_MIN_TOTAL things shows
 * its counts instead of near-empty axes; with nothing at all yet, the page says how to start.
 */
export function StatisticsOverview({ statistics }: { statistics: MyStatistics }) {
  const { t } = useStatisticsText();
  const { totals } = statistics;
  const nothingYet = totals.reviews === 0 && totals.submissions === 0;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        <Total label={t('totals.reviewsWritten')} value={formatNumber(totals.reviews)} />
        <Total
          label={t('totals.averageRatingGiven')}
          value={
            totals.averageRatingGiven === null
              ? t('totals.noneYet')
              : t('totals.outOfFive', {
                  average: formatNumber(totals.averageRatingGiven, {
                    minimumFractionDigits: 1,
                    maximumFractionDigits: 1,
                  }),
                  five: formatNumber(5),
                })
          }
        />
        <Total label={t('totals.tutorsSubmitted')} value={formatNumber(totals.submissions)} />
      </dl>

      {nothingYet && (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-6 text-center">
          <p className="text-slate-800">{t('empty.text')}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <LinkButton to={paths.user.submitReview()}>{t('empty.writeReview')}</LinkButton>
            <LinkButton to={paths.user.tutorForm} variant="secondary">
              {t('empty.addTutor')}
            </LinkButton>
          </div>
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <ReviewsByMonthChart months={statistics.reviewsByMonth} />
        </div>
        <RatingsChart ratings={statistics.ratingsGiven} />
        <SubmissionsChart byStatus={statistics.submissionsByStatus} />
      </div>
    </div>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

// ChartFigure redraws whenever its labels or series change identity, so each chart derives
// them once per answer from the server (which keeps its data's identity while unchanged).

// The texts depend on the language too, so it is part of each memo's key.

function ReviewsByMonthChart({ months }: { months: MyStatistics['reviewsByMonth'] }) {
  const { t, i18n } = useStatisticsText();
  const language = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the language
  const labels = useMemo(() => months.map((month) => monthLabel(month.month)), [months, language]);
  const series = useMemo<ChartSeries[]>(
    () => [{ label: t('reviewsByMonth.series'), values: months.map((month) => month.count) }],
    [months, t],
  );
  const summary = reviewsByMonthSummary(months);
  const values = series[0]!.values;
  if (tooFewToChart(values))
    return <SmallCounts title={t('reviewsByMonth.title')} labels={labels} values={values} summary={summary} />;
  return (
    <ChartFigure
      title={t('reviewsByMonth.title')}
      kind="bar"
      labels={labels}
      series={series}
      summary={summary}
      labelHeading={t('reviewsByMonth.labelHeading')}
    />
  );
}

function RatingsChart({ ratings }: { ratings: MyStatistics['ratingsGiven'] }) {
  const { t, i18n } = useStatisticsText();
  const language = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the language
  const ratingLabels = useMemo(() => RATINGS.map(ratingLabel), [language]);
  const counts = useMemo(() => ratingCounts(ratings), [ratings]);
  const series = useMemo<ChartSeries[]>(() => [{ label: t('ratings.series'), values: counts }], [counts, t]);
  if (tooFewToChart(counts))
    return (
      <SmallCounts title={t('ratings.title')} labels={ratingLabels} values={counts} summary={ratingsSummary(counts)} />
    );
  return (
    <ChartFigure
      title={t('ratings.title')}
      kind="bar"
      labels={ratingLabels}
      series={series}
      summary={ratingsSummary(counts)}
      labelHeading={t('ratings.labelHeading')}
    />
  );
}

function SubmissionsChart({ byStatus }: { byStatus: MyStatistics['submissionsByStatus'] }) {
  const { t, i18n } = useStatisticsText();
  const language = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the language
  const statusLabels = useMemo(() => submissionStatuses.map(submissionStatusLabel), [language]);
  const series = useMemo<ChartSeries[]>(
    () => [{ label: t('submissions.series'), values: submissionStatuses.map((status) => byStatus[status]) }],
    [byStatus, t],
  );
  const values = series[0]!.values;
  if (tooFewToChart(values))
    return (
      <SmallCounts
        title={t('submissions.title')}
        labels={statusLabels}
        values={values}
        summary={submissionsSummary(byStatus)}
      />
    );
  return (
    <ChartFigure
      title={t('submissions.title')}
      kind="bar"
      labels={statusLabels}
      series={series}
      summary={submissionsSummary(byStatus)}
      labelHeading={t('submissions.labelHeading')}
    />
  );
}
