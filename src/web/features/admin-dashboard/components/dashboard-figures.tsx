import { Link } from 'react-router';
import type { AdminDashboard } from '../../../../shared/admin-dashboard';
import { paths } from '../../../config/paths';
import { formatRating } from '../../../components/ui/star-rating';
import { useAdminText } from '../../../i18n/namespaces/admin';

type Figures = AdminDashboard['figures'];

const reviewQueue = (tab: 'reported' | 'hidden') => `${paths.admin.reviewManagement}?tab=${tab}`;

/**
 * What waits for an administrator, first on the dashboard: each figure opens its queue,
 * filtered. A queue with something in it is marked; an empty one says so quietly.
 */
export function WaitingQueues({ figures }: { figures: Figures }) {
  const { t } = useAdminText();
  const queues = [
    {
      key: 'pending',
      label: t('dashboard.pendingSubmissions'),
      count: figures.pendingSubmissions,
      note: t('dashboard.pendingSubmissionsNote'),
      to: paths.admin.manageSubmissions,
    },
    {
      key: 'reported',
      label: t('dashboard.reportedReviews'),
      count: figures.reportedReviews,
      note: t('dashboard.reportedReviewsNote'),
      to: reviewQueue('reported'),
    },
    {
      key: 'hidden',
      label: t('dashboard.hiddenReviews'),
      count: figures.hiddenReviews,
      note: t('dashboard.hiddenReviewsNote'),
      to: reviewQueue('hidden'),
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {queues.map((queue) => {
        const waiting = queue.count > 0 && queue.key !== 'hidden';
        return (
          <div
            key={queue.key}
            className={`relative grid grid-cols-[1fr_auto] items-center gap-x-3 rounded-xl border p-4 shadow-sm ${
              waiting
                ? 'border-amber-300 bg-amber-50 hover:border-amber-400'
                : 'border-slate-200 bg-white hover:border-indigo-300'
            }`}
          >
            <dt className="text-sm font-semibold text-slate-900">
              <Link
                to={queue.to}
                className="underline-offset-2 after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline"
              >
                {queue.label}
              </Link>
            </dt>
            <dd
              className={`row-span-2 text-2xl font-bold tabular-nums ${waiting ? 'text-amber-950' : 'text-slate-900'}`}
            >
              {queue.count}
            </dd>
            <dd className="text-xs text-slate-700">{queue.note}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The live counts (the queues have their own cards above), each a term and its value so screen readers pair them. A count with a
 * page behind it (the submissions waiting, the profiles, reviews and users) opens that page
 * from anywhere on its card.
 */
export function DashboardFigures({ figures }: { figures: Figures }) {
  const { t } = useAdminText();
  const cards: { label: string; value: string; note?: string; to?: string }[] = [
    {
      label: t('dashboard.publicTutors'),
      value: String(figures.publicTutors),
      to: paths.admin.teacherProfileManagement,
    },
    {
      label: t('dashboard.reviews'),
      value: String(figures.reviews),
      note: t('dashboard.reviewsNote'),
      to: paths.admin.reviewManagement,
    },
    { label: t('dashboard.users'), value: String(figures.users), to: paths.admin.users },
    figures.meanRating === null
      ? { label: t('dashboard.meanRating'), value: t('dashboard.noRatings') }
      : {
          label: t('dashboard.meanRating'),
          value: formatRating(figures.meanRating),
          note: t('dashboard.meanRatingNote'),
        },
  ];
  return (
    <dl className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
      {cards.map((card) => (
        <div
          key={card.label}
          className={`relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${card.to ? 'hover:border-indigo-300' : ''}`}
        >
          <dt className="text-sm font-medium text-slate-700">
            {card.to ? (
              <Link
                to={card.to}
                className="underline-offset-2 after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline"
              >
                {card.label}
              </Link>
            ) : (
              card.label
            )}
          </dt>
          <dd
            className={`mt-2 font-bold text-slate-900 tabular-nums ${card.value.length > 8 ? 'text-xl' : 'text-3xl'}`}
          >
            {card.value}
          </dd>
          {card.note && <dd className="mt-1 text-xs text-slate-600">{card.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
