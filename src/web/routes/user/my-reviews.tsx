import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { GoToLastPage, Pagination, parsePage } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useDeleteReview } from '../../features/reviews/api/delete-review';
import { useMyReviews } from '../../features/reviews/api/get-my-reviews';
import { MyReviewItem } from '../../features/reviews/components/my-review-item';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { EmptyList, ListLoadError, ResultCount } from '../../components/lists/list-status';
import type { MyReview } from '../../../shared/reviews';

export function MyReviewsRoute() {
  useDocumentTitle('My Reviews');
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const myReviews = useMyReviews({ page });
  const deleteReview = useDeleteReview();
  const [toDelete, setToDelete] = useState<MyReview | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingOnClose = useRef(false);

  // The deleted review's button is gone, so the dialog cannot hand focus back to it; the heading
  // takes it instead. The dialog (a child) has closed by the time this parent effect runs.
  useEffect(() => {
    if (toDelete === null && focusHeadingOnClose.current) {
      focusHeadingOnClose.current = false;
      headingRef.current?.focus();
    }
  }, [toDelete]);

  function confirmDelete() {
    if (!toDelete) return;
    deleteReview.mutate(toDelete.id, {
      onSuccess: () => {
        focusHeadingOnClose.current = true;
        toast.success('Deleted Successfully');
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        // The review may already be gone (deleted in another tab): show the list as it now is.
        void myReviews.refetch();
      },
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
            My Reviews
          </h1>
          <p className="mt-1 text-slate-700">The reviews you wrote, newest first. Edit or delete any of them.</p>
        </div>
        <LinkButton to={paths.user.submitReview()}>Write a Review</LinkButton>
      </div>

      <MyReviewList
        query={myReviews}
        page={page}
        onDelete={setToDelete}
        onNavigate={() => {
          // Keyboard and screen reader users continue from the top of the new page.
          headingRef.current?.focus({ preventScroll: true });
          headingRef.current?.scrollIntoView({ block: 'start' });
        }}
      />

      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure?"
        description={
          <>
            Do you really want to delete your review of <strong>{toDelete?.tutor.name}</strong>? This process cannot be
            undone.
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        cancelLabel="Cancel"
        busy={deleteReview.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

function MyReviewList({
  query,
  page,
  onDelete,
  onNavigate,
}: {
  query: ReturnType<typeof useMyReviews>;
  page: number;
  onDelete: (review: MyReview) => void;
  onNavigate: () => void;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <ListLoadError
        message="Failed to load the data. Please try again later."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const { items, total, pageSize } = query.data;
  const pageCount = Math.ceil(total / pageSize);

  // An empty page standing in while another loads says nothing about that page yet.
  if (items.length === 0 && query.isPlaceholderData) return <Spinner />;
  if (items.length === 0 && page > 1) {
    return <GoToLastPage total={total} pageSize={pageSize} />;
  }
  if (items.length === 0) {
    return (
      <EmptyList message="No Record Found!">
        <LinkButton to={paths.user.tutors}>Find a tutor to review</LinkButton>
        <LinkButton to={paths.user.allReviews} variant="secondary">
          All Reviews
        </LinkButton>
      </EmptyList>
    );
  }

  return (
    <section aria-label="Your reviews" aria-busy={query.isPlaceholderData} className="space-y-4">
      <ResultCount page={page} pageSize={pageSize} total={total} noun={['review', 'reviews']} />
      <ul className={`space-y-4 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
        {items.map((review) => (
          <li key={review.id}>
            <MyReviewItem review={review} onDelete={() => onDelete(review)} />
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <div className="pt-2">
          <Pagination page={page} pageCount={pageCount} label="My reviews pages" onNavigate={onNavigate} />
        </div>
      )}
    </section>
  );
}

export { MyReviewsRoute as Component };
