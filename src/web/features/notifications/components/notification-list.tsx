import type { RefObject } from 'react';
import toast from 'react-hot-toast';
import { ListFilterSelect } from '../../../components/lists/list-filter-select';
import { EmptyList, ListLoadError, ResultCount } from '../../../components/lists/list-status';
import { Button } from '../../../components/ui/button';
import { GoToLastPage, Pagination, parsePage } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useListParams } from '../../../hooks/use-list-params';
import { errorMessage } from '../../../lib/api-client';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { NotificationItem } from './notification-item';

const showOptions = [
  { value: '', label: 'All notifications' },
  { value: 'unread', label: 'Unread only' },
] as const;

/**
 * The user's notifications, newest first, a page at a time; the page and the unread-only
 * choice live in the URL. `headingRef` is the page heading, where focus goes when what had it
 * disappears.
 */
export function NotificationList({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { searchParams, update } = useListParams();
  const page = parsePage(searchParams.get('page'));
  const unreadOnly = searchParams.get('show') === 'unread';
  const notifications = useNotifications(unreadOnly ? { page, unreadOnly: 'true' } : { page });
  const markAllRead = useMarkAllNotificationsRead();

  const unread = notifications.data?.unread ?? 0;

  function focusHeading() {
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start' });
  }

  function handleMarkAllRead() {
    if (markAllRead.isPending || unread === 0) return;
    markAllRead.mutate(undefined, {
      onSuccess: () => toast.success('All notifications marked as read.'),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <ListFilterSelect
          label="Show"
          value={unreadOnly ? 'unread' : ''}
          options={showOptions}
          onChange={(value) => update({ show: value || null })}
          className="sm:w-56"
        />
        <div className="flex flex-col gap-1 sm:items-end">
          <p role="status" className="text-sm text-slate-700">
            {notifications.data ? (unread === 0 ? 'Everything is read.' : `${unread} unread`) : ''}
          </p>
          {/* Stays focusable with nothing to mark, so focus is not lost when the last one is read. */}
          <Button
            variant="secondary"
            aria-disabled={markAllRead.isPending || unread === 0 || undefined}
            className={unread === 0 ? 'cursor-not-allowed opacity-60' : ''}
            onClick={handleMarkAllRead}
          >
            {markAllRead.isPending ? 'Marking...' : 'Mark all as read'}
          </Button>
        </div>
      </div>

      <NotificationPage
        query={notifications}
        page={page}
        unreadOnly={unreadOnly}
        onShowAll={() => update({ show: null })}
        onNavigate={focusHeading}
        onReadAndGone={focusHeading}
      />
    </div>
  );
}

function NotificationPage({
  query,
  page,
  unreadOnly,
  onShowAll,
  onNavigate,
  onReadAndGone,
}: {
  query: ReturnType<typeof useNotifications>;
  page: number;
  unreadOnly: boolean;
  onShowAll: () => void;
  onNavigate: () => void;
  onReadAndGone: () => void;
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
  if (items.length === 0 && page > 1) return <GoToLastPage total={total} pageSize={pageSize} />;
  if (items.length === 0) {
    return unreadOnly ? (
      <EmptyList message="No unread notifications.">
        <Button variant="secondary" onClick={onShowAll}>
          Show all notifications
        </Button>
      </EmptyList>
    ) : (
      <EmptyList message="No notifications yet.">
        <p className="text-slate-700">
          You will hear here when a submission of yours is decided, when a moderator acts on one of your reviews, and
          when a tutor is published in a department you follow.
        </p>
      </EmptyList>
    );
  }

  return (
    <section aria-label="Notifications" aria-busy={query.isPlaceholderData} className="space-y-4">
      <ResultCount page={page} pageSize={pageSize} total={total} noun={['notification', 'notifications']} />
      <ul className={`space-y-3 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
        {items.map((notification) => (
          <li key={notification.id}>
            <NotificationItem notification={notification} onReadAndGone={unreadOnly ? onReadAndGone : undefined} />
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <div className="pt-2">
          <Pagination page={page} pageCount={pageCount} label="Notification pages" onNavigate={onNavigate} />
        </div>
      )}
    </section>
  );
}
