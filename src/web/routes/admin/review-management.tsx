import { useCallback, useRef } from 'react';
import { REVIEW_SEARCH_MAX_LENGTH } from '../../../shared/reviews';
import { CheckboxField } from '../../components/forms/field';
import { LinkButton } from '../../components/ui/button';
import { parsePage } from '../../components/ui/pagination';
import { paths } from '../../config/paths';
import { useAdminReviews } from '../../features/reviews/api/get-admin-reviews';
import { AdminReviewCard } from '../../features/reviews/components/admin-review-card';
import { useReviewModeration } from '../../features/reviews/components/review-moderation-actions';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { ListSearchBox } from '../../components/lists/list-search-box';
import { PagedList } from '../../components/lists/paged-list';
import { useListParams } from '../../hooks/use-list-params';

/** How the URL and the API spell a filter that is on; off is left out of the URL. */
const ON = 'true';

/** /admin/review-managment: every review, searchable, with the reported ones to act on first. */
export function ReviewManagementRoute() {
  useDocumentTitle('Review Management');
  const { searchParams, update } = useListParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const hideHidden = searchParams.get('hideHidden') === ON;
  const reported = searchParams.get('reported') === ON;
  const page = parsePage(searchParams.get('page'));

  const reviews = useAdminReviews({
    q: q || undefined,
    hideHidden: hideHidden ? 'true' : 'false',
    reported: reported ? 'true' : 'false',
    page,
  });
  const moderation = useReviewModeration();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const search = useCallback((query: string) => update({ q: query }), [update]);

  // A review that leaves the list takes its buttons along: focus goes back to the top.
  const focusTop = () => headingRef.current?.focus();
  const filtered = Boolean(q) || hideHidden || reported;

  return (
    <div className="space-y-6">
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          Review Management
        </h1>
        <p className="mt-1 text-slate-700">
          Every review, newest first. Hiding takes a review off the tutor&apos;s profile and out of the average; its
          author is told why.
        </p>
      </div>

      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:flex-row lg:items-end">
        <ListSearchBox
          label="Search reviews"
          value={q}
          onSearch={search}
          placeholder="Title, text, author or tutor"
          maxLength={REVIEW_SEARCH_MAX_LENGTH}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:gap-6 lg:pb-2.5">
          <CheckboxField
            label="Hide hidden reviews"
            checked={hideHidden}
            onChange={(event) => update({ hideHidden: event.target.checked ? ON : null })}
          />
          <CheckboxField
            label="Reported only"
            hint="The most reported first"
            checked={reported}
            onChange={(event) => update({ reported: event.target.checked ? ON : null })}
          />
        </div>
      </div>

      <PagedList
        query={reviews}
        page={page}
        label="Reviews"
        errorMessage="Failed to load the data. Please try again later."
        emptyMessage="No Record Found"
        emptyActions={
          filtered && (
            <LinkButton to={paths.admin.reviewManagement} variant="secondary">
              Show all reviews
            </LinkButton>
          )
        }
        noun={['review', 'reviews']}
        pagesLabel="Review pages"
        onNavigate={focusTop}
      >
        {(items) => (
          <ul className="space-y-4">
            {items.map((review) => (
              <li key={review.id}>
                <AdminReviewCard
                  review={review}
                  moderation={moderation}
                  onLeaveList={focusTop}
                  // Hiding settles the open reports too, so a hidden review leaves the reported list as well.
                  hiddenLeaveList={hideHidden || reported}
                  dismissedLeaveList={reported}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {moderation.dialogs}
    </div>
  );
}

export { ReviewManagementRoute as Component };
