import { Link, useSearchParams } from 'react-router';
import { useCommonText } from '../../i18n/namespaces/common';
import { formatNumber } from '../../i18n/format';

type PageItem = number | 'gap';

/** First, last, and the current page with its neighbours; gaps stand for what is skipped. */
function pageItems(page: number, pageCount: number): PageItem[] {
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  // A gap of exactly one page reads better as that page's number.
  if (shown.has(3) && !shown.has(2)) shown.add(2);
  if (shown.has(pageCount - 2) && !shown.has(pageCount - 1)) shown.add(pageCount - 1);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) items.push('gap');
    items.push(n);
  });
  return items;
}

const itemBase = 'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-semibold';
const linkClass = `${itemBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;
const currentClass = `${itemBase} border border-indigo-700 bg-indigo-700 text-white`;
// The missing Previous or Next keeps its place, but only for the eye: there is nothing to follow.
/** The page links' relations to this page. */
const PREVIOUS = 'prev';
const NEXT = 'next';
const disabledClass = `${itemBase} border border-slate-200 bg-slate-50 text-slate-500`;

/**
 * Page links that keep the other search parameters of the URL (search, filters), so every
 * page can be bookmarked and the browser's back button goes to the previous page.
 */
export function Pagination({
  page,
  pageCount,
  label,
  param = 'page',
  onNavigate,
}: {
  page: number;
  pageCount: number;
  /** The navigation's accessible name, e.g. "Tutors pages"; needed when a screen has two. */
  label?: string;
  /** The search parameter holding the page number. */
  param?: string;
  /** Runs after a page link is followed, e.g. to bring the top of the list into view. */
  onNavigate?: (page: number) => void;
}) {
  const { t } = useCommonText();
  const [searchParams] = useSearchParams();
  if (pageCount <= 1) return null;

  const searchFor = (target: number) => {
    const next = new URLSearchParams(searchParams);
    // Page 1 is the default: leaving it out keeps one URL per list.
    if (target === 1) next.delete(param);
    else next.set(param, String(target));
    const search = next.toString();
    return search ? `?${search}` : '';
  };

  const pageLink = (target: number, content: string, ariaLabel: string, rel?: string, current = false) => (
    <Link
      to={{ search: searchFor(target) }}
      className={current ? currentClass : linkClass}
      aria-label={ariaLabel}
      aria-current={current ? 'page' : undefined}
      rel={rel}
      preventScrollReset
      onClick={() => onNavigate?.(target)}
    >
      {content}
    </Link>
  );

  return (
    <nav aria-label={label ?? t('pagination.label')} className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        pageLink(Math.min(page - 1, pageCount), t('pagination.previous'), t('pagination.previousPage'), PREVIOUS)
      ) : (
        <span aria-hidden="true" className={disabledClass}>
          {t('pagination.previous')}
        </span>
      )}
      <ul className="hidden items-center gap-1 sm:flex">
        {pageItems(Math.min(page, pageCount), pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={item}>
              {pageLink(item, formatNumber(item), t('pagination.page', { page: item }), undefined, item === page)}
            </li>
          ),
        )}
      </ul>
      <span className="text-sm text-slate-700 sm:hidden">
        {t('pagination.pageOf', { page: formatNumber(Math.min(page, pageCount)), total: formatNumber(pageCount) })}
      </span>
      {page < pageCount ? (
        pageLink(page + 1, t('pagination.next'), t('pagination.nextPage'), NEXT)
      ) : (
        <span aria-hidden="true" className={disabledClass}>
          {t('pagination.next')}
        </span>
      )}
    </nav>
  );
}
