import { Link } from 'react-router';
import type { AdminDashboard } from '../../../../shared/admin-dashboard';
import { paths } from '../../../config/paths';
import { formatRating } from '../../../components/ui/star-rating';

type Figures = AdminDashboard['figures'];

/**
 * The five live counts, each a term and its value so screen readers pair them. A count with a
 * page behind it (the submissions waiting, the profiles, reviews and users) opens that page
 * from anywhere on its card.
 */
export function DashboardFigures({ figures }: { figures: Figures }) {
  const cards: { label: string; value: string; note?: string; to?: string }[] = [
    { label: 'Public tutors', value: String(figures.publicTutors), to: paths.admin.teacherProfileManagement },
    {
      label: 'Pending submissions',
      value: String(figures.pendingSubmissions),
      to: paths.admin.manageSubmissions,
      note: figures.pendingSubmissions > 0 ? 'Waiting for a decision' : undefined,
    },
    { label: 'Reviews', value: String(figures.reviews), note: 'Visible on profiles', to: paths.admin.reviewManagement },
    { label: 'Users', value: String(figures.users), to: paths.admin.users },
    figures.meanRating === null
      ? { label: 'Mean rating', value: 'No ratings yet' }
      : {
          label: 'Mean rating',
          value: formatRating(figures.meanRating),
          note: 'Out of 5, over public tutors with reviews',
        },
  ];
  return (
    <dl className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-5">
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
