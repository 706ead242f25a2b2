import { Link } from 'react-router';
import { formatNumber } from '../../i18n/format';

export interface QueueTab<Id extends string> {
  id: Id;
  label: string;
  /** Where the tab leads (its filter in the URL). */
  to: string;
  /** How many wait there, once known. */
  count?: number;
  /** Whether a count above zero asks for attention (work waiting) rather than merely counting. */
  urgent?: boolean;
}

/** An admin page's queues as links, the current one marked for assistive technology too. */
export function QueueTabs<Id extends string>({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: readonly QueueTab<Id>[];
  current: Id;
}) {
  return (
    <nav aria-label={label} className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((item) => {
          const isCurrent = item.id === current;
          return (
            <li key={item.id}>
              <Link
                to={item.to}
                aria-current={isCurrent ? 'page' : undefined}
                className={`inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-semibold ${
                  isCurrent
                    ? 'border-indigo-700 text-indigo-800'
                    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {item.label}
                {item.count !== undefined && (
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${
                      item.urgent && item.count > 0 ? 'bg-amber-200 text-amber-950' : 'bg-slate-100 text-slate-800'
                    }`}
                  >
                    {formatNumber(item.count)}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
