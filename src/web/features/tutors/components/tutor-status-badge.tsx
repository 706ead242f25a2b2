import type { TutorStatus } from '../../../../shared/tutors';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

const looks: Record<TutorStatus, { className: string; mark: string }> = {
  pending: { className: 'border-amber-300 bg-amber-50 text-amber-900', mark: 'bg-amber-500' },
  approved: {
    className: 'border-emerald-300 bg-emerald-50 text-emerald-900',
    mark: 'bg-emerald-600',
  },
  rejected: { className: 'border-red-300 bg-red-50 text-red-900', mark: 'bg-red-600' },
};

/** Where a submission stands; the word carries the meaning, the colour only repeats it. */
export function TutorStatusBadge({ status }: { status: TutorStatus }) {
  const { t } = useTutorsText();
  const look = looks[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${look.className}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${look.mark}`} />
      {t(`status.${status}`)}
    </span>
  );
}
