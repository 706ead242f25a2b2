import { useMemo } from 'react';
import type { MyStatistics } from '../../../../shared/statistics';
import { ChartFigure, type ChartSeries } from '../../../components/charts/chart-figure';
import { LinkButton } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import {
  monthLabel,
  RATINGS,
  ratingCounts,
  ratingLabel,
  ratingsSummary,
  reviewsByMonthSummary,
  submissionStatuses,
  submissionsSummary,
} from '../lib/chart-data';
import { SmallCounts, tooFewToChart } from './small-counts';

/**
 * The student's totals and three charts. A chart of fewer than CHART_MIN_TOTAL things shows
 * its counts instead of near-empty axes; with nothing at all yet, the page says how to start.
 */
export function StatisticsOverview({ statistics }: { statistics: MyStatistics }) {
  const { totals } = statistics;
  const nothingYet = totals.reviews === 0 && totals.submissions === 0;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        <Total label="Reviews written" value={String(totals.reviews)} />
        <Total
          label="Average rating given"
          value={totals.averageRatingGiven === null ? 'None yet' : `${totals.averageRatingGiven.toFixed(1)} / 5`}
        />
        <Total label="Tutors submitted" value={String(totals.submissions)} />
      </dl>

      {nothingYet && (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-6 text-center">
          <p className="text-slate-800">
            Nothing to count yet. Write your first review or suggest a tutor, and your numbers will show up here.
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <LinkButton to={paths.user.submitReview()}>Write a Review</LinkButton>
            <LinkButton to={paths.user.tutorForm} variant="secondary">
              Add Tutor
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

function ReviewsByMonthChart({ months }: { months: MyStatistics['reviewsByMonth'] }) {
  const labels = useMemo(() => months.map((month) => monthLabel(month.month)), [months]);
  const series = useMemo<ChartSeries[]>(
    () => [{ label: 'Reviews', values: months.map((month) => month.count) }],
    [months],
  );
  const summary = reviewsByMonthSummary(months);
  const values = series[0]!.values;
  if (tooFewToChart(values))
    return <SmallCounts title="Reviews per month" labels={labels} values={values} summary={summary} />;
  return (
    <ChartFigure
      title="Reviews per month"
      kind="bar"
      labels={labels}
      series={series}
      summary={summary}
      labelHeading="Month"
    />
  );
}

const ratingLabels = RATINGS.map(ratingLabel);

function RatingsChart({ ratings }: { ratings: MyStatistics['ratingsGiven'] }) {
  const counts = useMemo(() => ratingCounts(ratings), [ratings]);
  const series = useMemo<ChartSeries[]>(() => [{ label: 'Reviews', values: counts }], [counts]);
  if (tooFewToChart(counts))
    return (
      <SmallCounts title="Ratings you gave" labels={ratingLabels} values={counts} summary={ratingsSummary(counts)} />
    );
  return (
    <ChartFigure
      title="Ratings you gave"
      kind="bar"
      labels={ratingLabels}
      series={series}
      summary={ratingsSummary(counts)}
      labelHeading="Rating"
    />
  );
}

const statusLabels = submissionStatuses.map((status) => status.label);

function SubmissionsChart({ byStatus }: { byStatus: MyStatistics['submissionsByStatus'] }) {
  const series = useMemo<ChartSeries[]>(
    () => [{ label: 'Submissions', values: submissionStatuses.map((status) => byStatus[status.key]) }],
    [byStatus],
  );
  const values = series[0]!.values;
  if (tooFewToChart(values))
    return (
      <SmallCounts
        title="Your submissions by status"
        labels={statusLabels}
        values={values}
        summary={submissionsSummary(byStatus)}
      />
    );
  return (
    <ChartFigure
      title="Your submissions by status"
      kind="bar"
      labels={statusLabels}
      series={series}
      summary={submissionsSummary(byStatus)}
      labelHeading="Status"
    />
  );
}
