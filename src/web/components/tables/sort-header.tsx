import { ChevronUpDownIcon } from '../ui/icons/chevron-up-down-icon';
import { Icon } from '../ui/icons/icon';

export type SortDirection = 'asc' | 'desc';

/**
 * A column header that sorts the list: a button in the header cell, whose `aria-sort` says the
 * order in force. A first press sorts descending (newest, latest, most), a second ascending.
 */
export function SortHeader({
  label,
  active,
  direction,
  onSort,
  className = '',
}: {
  label: string;
  active: boolean;
  direction: SortDirection;
  onSort: (direction: SortDirection) => void;
  className?: string;
}) {
  const next: SortDirection = active && direction === 'desc' ? 'asc' : 'desc';
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-3 py-2 font-semibold ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(next)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 whitespace-nowrap hover:bg-slate-200"
      >
        {label}
        {active ? (
          direction === 'asc' ? (
            <ArrowUpIcon className="h-3.5 w-3.5" />
          ) : (
            <ArrowDownIcon className="h-3.5 w-3.5" />
          )
        ) : (
          <ChevronUpDownIcon className="h-3.5 w-3.5 text-slate-500" />
        )}
      </button>
    </th>
  );
}

/** An arrow up or down: the order in force. */
function Arrow({ up, className }: { up: boolean; className?: string }) {
  return (
    <Icon className={className}>
      <path d={up ? 'M12 19V5M6 11l6-6 6 6' : 'M12 5v14M6 13l6 6 6-6'} />
    </Icon>
  );
}
const ArrowUpIcon = (props: { className?: string }) => <Arrow up {...props} />;
const ArrowDownIcon = (props: { className?: string }) => <Arrow up={false} {...props} />;
