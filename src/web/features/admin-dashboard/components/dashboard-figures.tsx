import type { AdminDashboard } from '../../../../shared/admin-dashboard';
import { formatRating } from '../../../components/ui/star-rating';

type Figures = AdminDashboard['figures'];

/** The five live counts, each a term and its value so screen readers pair them. */
export function DashboardFigures({ figures }: { figures: Figures }) {
  const cards: { label: string; value: string; note?: string }[] = [
    { label: 'Public tutors', value: String(figures.publicTutors) },
    { label: 'Pending submissions', value: String(figures.pendingSubmissions) },
    { label: 'Reviews', value: String(figures.reviews), note: 'Visible on profiles' },
    { label: 'Users', value: String(figures.users) },
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
        <div key={card.label} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="text-sm font-medium text-slate-700">{card.label}</dt>
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
