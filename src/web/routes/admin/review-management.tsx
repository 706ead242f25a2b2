import { useCallback, useMemo, useRef } from 'react';
import { REVIEW_SEARCH_MAX_LENGTH } from '../../../shared/reviews-constants';
import { CheckboxField } from '../../components/forms/field';
import { useSelection } from '../../components/tables/use-selection';
import { Button, LinkButton } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useAdminReviews } from '../../features/reviews/api/get-admin-reviews';
import { useReviewAppeals } from '../../features/reviews/api/get-review-appeals';
import { AppealQueue } from '../../features/reviews/components/appeal-queue';
import { AdminReviewTable } from '../../features/reviews/components/admin-review-table';
import { useBulkReviewModeration } from '../../features/reviews/components/review-list-moderation';
import { useReviewModeration } from '../../features/reviews/components/review-moderation-actions';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { ListSearchBox } from '../../components/lists/list-search-box';
import { PagedList } from '../../components/lists/paged-list';
import { QueueTabs } from '../../components/lists/queue-tabs';
import { useListParams } from '../../hooks/use-list-params';
import { pageFromParam } from '../../../shared/query-string';
import { useAdminText } from '../../i18n/namespaces/admin';
import { useReviewsText } from '../../i18n/namespaces/reviews';

/** How the URL and the API spell a filter that is on; off is left out of the URL. */
const ON = 'true';

const tabs = [
  { id: 'reported' },
  { id: 'flagged' },
  { id: 'hidden' },
  { id: 'all' },
  // The authors' appeals of hidden and deleted reviews, oldest first: a list of their own (AppealsTab).
  { id: 'appeals' },
] as const;
type Tab = (typeof tabs)[number]['id'];

/** What each tab lists, as the API asks it. */
const tabQuery = (tab: Tab) => ({
  reported: tab === 'reported' ? ('true' as const) : ('false' as const),
  hidden: tab === 'hidden' ? ('true' as const) : ('false' as const),
  flagged: tab === 'flagged' ? ('true' as const) : ('false' as const),
});

/**
 * /admin/review-managment: the reviews with open reports (most reported first), those the screen
 * flagged or holds, the hidden ones, or all of them, each tab with its count; searchable, acted on one by one or in bulk.
 */
export function ReviewManagementRoute() {
  const { t } = useAdminText();
  const reviewsText = useReviewsText();
  useDocumentTitle(t('reviewManagement.title'));
  const { searchParams, update } = useListParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const tab: Tab = tabs.find((item) => item.id === searchParams.get('tab'))?.id ?? 'all';
  // Hidden reviews can be left out of the All tab only.
  const hideHidden = tab === 'all' && searchParams.get('hideHidden') === ON;
  const page = pageFromParam(searchParams.get('page'));

  const reviews = useAdminReviews({
    q: q || undefined,
    hideHidden: hideHidden ? 'true' : 'false',
    ...tabQuery(tab),
    page,
  });
  // Each tab's count, for the search in force: one row asked for, the total read.
  const counts = {
    reported: useAdminReviews({ q: q || undefined, ...tabQuery('reported'), pageSize: 1 }).data?.total,
    flagged: useAdminReviews({ q: q || undefined, ...tabQuery('flagged'), pageSize: 1 }).data?.total,
    hidden: useAdminReviews({ q: q || undefined, ...tabQuery('hidden'), pageSize: 1 }).data?.total,
    all: useAdminReviews({ q: q || undefined, pageSize: 1 }).data?.total,
    appeals: useReviewAppeals({ pageSize: 1 }).data?.total,
  };
  const moderation = useReviewModeration();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = reviews.data?.items;
  const visibleIds = useMemo(() => (items ?? []).map((review) => review.id), [items]);
  const selection = useSelection(visibleIds);
  const bulk = useBulkReviewModeration({
    onDone: () => {
      selection.clear();
      headingRef.current?.focus();
    },
  });
  const selected = (items ?? []).filter((review) => selection.isSelected(review.id));
  const search = useCallback((query: string) => update({ q: query }), [update]);

  // A review that leaves the list takes its menu along: focus goes back to the top.
  const focusTop = () => headingRef.current?.focus();
  const filtered = Boolean(q) || hideHidden || tab !== 'all';
  const moderated = selected.map((review) => ({ id: review.id, authorName: review.author.name, title: review.title }));
  const reportedSelected = selected.filter((review) => review.openReportCount > 0);
  const visibleSelected = selected.filter((review) => !review.isHidden);

  return (
    <div className="space-y-5">
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          {t('reviewManagement.title')}
        </h1>
        <p className="mt-1 text-slate-700">{t('reviewManagement.intro')}</p>
      </div>

      <QueueTabs
        label={t('reviewManagement.tabsLabel')}
        current={tab}
        tabs={tabs.map((item) => {
          const params = new URLSearchParams();
          if (item.id !== 'all') params.set('tab', item.id);
          if (q) params.set('q', q);
          const query = params.toString();
          return {
            ...item,
            label: t(`reviewManagement.tabs.${item.id}`),
            to: `${paths.admin.reviewManagement}${query ? `?${query}` : ''}`,
            count: counts[item.id],
            urgent: item.id === 'reported' || item.id === 'flagged' || item.id === 'appeals',
          };
        })}
      />

      {tab === 'appeals' ? (
        <AppealQueue page={page} onDecided={focusTop} />
      ) : (
        <>
          <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:flex-row lg:items-end">
            <ListSearchBox
              label={t('reviewManagement.searchLabel')}
              value={q}
              onSearch={search}
              placeholder={t('reviewManagement.searchPlaceholder')}
              maxLength={REVIEW_SEARCH_MAX_LENGTH}
            />
            {tab === 'all' && (
              <div className="lg:pb-2.5">
                <CheckboxField
                  label={t('reviewManagement.hideHidden')}
                  checked={hideHidden}
                  onChange={(event) => update({ hideHidden: event.target.checked ? ON : null })}
                />
              </div>
            )}
          </div>

          {selected.length > 0 && (
            <div
              role="region"
              aria-label={t('bulk.label')}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm"
            >
              <span className="font-medium text-indigo-950">{t('bulk.selected', { count: selected.length })}</span>
              <Button
                variant="secondary"
                className="min-h-9 px-3 py-1"
                disabled={bulk.busy || visibleSelected.length === 0}
                onClick={() =>
                  bulk.requestHide(
                    visibleSelected.map((review) => ({
                      id: review.id,
                      authorName: review.author.name,
                      title: review.title,
                    })),
                  )
                }
              >
                {t('reviewManagement.hideSelected')}
              </Button>
              <Button
                variant="secondary"
                className="min-h-9 px-3 py-1"
                disabled={bulk.busy || reportedSelected.length === 0}
                aria-busy={bulk.busy || undefined}
                onClick={() =>
                  void bulk.dismissAll(
                    reportedSelected.map((review) => ({
                      id: review.id,
                      authorName: review.author.name,
                      title: review.title,
                    })),
                  )
                }
              >
                {reviewsText.t('listModeration.dismissReports')}
              </Button>
              <Button variant="ghost" className="min-h-9 px-3 py-1" onClick={selection.clear}>
                {t('bulk.clearSelection')}
                <span className="sr-only">{t('reviewManagement.clearSelectionOf', { count: moderated.length })}</span>
              </Button>
            </div>
          )}

          <PagedList
            query={reviews}
            page={page}
            label={t('reviewManagement.listLabel')}
            errorMessage={reviewsText.t('general.failedToLoad')}
            emptyMessage={t('reviewManagement.empty')}
            emptyActions={
              filtered && (
                <LinkButton to={paths.admin.reviewManagement} variant="secondary">
                  {reviewsText.t('allReviews.showAll')}
                </LinkButton>
              )
            }
            noun={(count) => t('reviewManagement.noun', { count })}
            pagesLabel={t('reviewManagement.pages')}
            onNavigate={focusTop}
          >
            {(list) => (
              <AdminReviewTable
                reviews={list}
                moderation={moderation}
                selection={selection}
                leaves={{
                  // Hiding settles the open reports too, so a hidden review leaves the reported list as well.
                  hide: hideHidden || tab === 'reported' || tab === 'flagged' ? focusTop : undefined,
                  unhide: tab === 'hidden' ? focusTop : undefined,
                  approve: tab === 'flagged' ? focusTop : undefined,
                  dismiss: tab === 'reported' ? focusTop : undefined,
                  remove: focusTop,
                }}
              />
            )}
          </PagedList>
        </>
      )}
      {moderation.dialogs}
      {bulk.dialog}
    </div>
  );
}

export { ReviewManagementRoute as Component };
