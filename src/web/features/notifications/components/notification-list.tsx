import type { RefObject } from 'react';
import toast from 'react-hot-toast';
import { ListFilterSelect } from '../../../components/lists/list-filter-select';
import { PagedList } from '../../../components/lists/paged-list';
import { Button } from '../../../components/ui/button';
import { useListParams } from '../../../hooks/use-list-params';
import { useNotificationsText } from '../../../i18n/namespaces/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { NotificationItem } from './notification-item';
import { pageFromParam } from '../../../../shared/query-string';

/**
 * The user's notifications, newest first, a page at a time; the page and the unread-only
 * choice live in the URL. `headingRef` is the page heading, where focus goes when what had it
 * disappears.
 */
export function NotificationList({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useNotificationsText();
  const { searchParams, update } = useListParams();
  const page = pageFromParam(searchParams.get('page'));
  const unreadOnly = searchParams.get('show') === 'unread';
  const notifications = useNotifications(unreadOnly ? { page, unreadOnly: 'true' } : { page });
  const markAllRead = useMarkAllNotificationsRead();

  const unread = notifications.data?.unread ?? 0;
  const showOptions = [
    { value: '', label: t('list.all') },
    { value: 'unread', label: t('list.unreadOnly') },
  ] as const;

  function focusHeading() {
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start' });
  }

  function handleMarkAllRead() {
    if (markAllRead.isPending || unread === 0) return;
    markAllRead.mutate(undefined, {
      onSuccess: () => toast.success(t('list.allMarkedRead')),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <ListFilterSelect
          label={t('list.show')}
          value={unreadOnly ? 'unread' : ''}
          options={showOptions}
          onChange={(value) => update({ show: value || null })}
          className="sm:w-56"
        />
        <div className="flex flex-col gap-1 sm:items-end">
          <p role="status" className="text-sm text-slate-700">
            {notifications.data
              ? unread === 0
                ? t('list.everythingRead')
                : t('list.unreadCount', { count: unread })
              : ''}
          </p>
          {/* Stays focusable with nothing to mark, so focus is not lost when the last one is read. */}
          <Button
            variant="secondary"
            aria-disabled={markAllRead.isPending || unread === 0 || undefined}
            className={unread === 0 ? 'cursor-not-allowed opacity-60' : ''}
            onClick={handleMarkAllRead}
          >
            {markAllRead.isPending ? t('marking') : t('list.markAllRead')}
          </Button>
        </div>
      </div>

      <PagedList
        query={notifications}
        page={page}
        label={t('title')}
        errorMessage={t('loadFailed')}
        emptyMessage={unreadOnly ? t('list.noUnread') : t('list.none')}
        emptyActions={
          unreadOnly ? (
            <Button variant="secondary" onClick={() => update({ show: null })}>
              {t('list.showAll')}
            </Button>
          ) : (
            <p className="text-slate-700">{t('list.emptyExplanation')}</p>
          )
        }
        noun={[t('list.nounOne'), t('list.nounOther')]}
        pagesLabel={t('list.pages')}
        onNavigate={focusHeading}
      >
        {(items) => (
          <ul className="space-y-3">
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onReadAndGone={unreadOnly ? focusHeading : undefined} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
