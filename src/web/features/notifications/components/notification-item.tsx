import { useId, useRef } from 'react';
import toast from 'react-hot-toast';
import type { Notification } from '../../../../shared/notifications';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { formatDateTime } from '../../../i18n/format';
import { useNotificationsText } from '../../../i18n/namespaces/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationMessage, notificationFollowUp } from './notification-message';

/**
 * One notification. Unread ones stand out by colour, a dot and the word "New", and say
 * "Unread" to screen readers before their text.
 */
export function NotificationItem({
  notification,
  onReadAndGone,
}: {
  notification: Notification;
  /** Set when a read notification leaves the list (the unread-only view): focus must go elsewhere. */
  onReadAndGone?: () => void;
}) {
  const { t } = useNotificationsText();
  const messageId = useId();
  const itemRef = useRef<HTMLElement>(null);
  const markRead = useMarkNotificationRead();
  const unread = !notification.read;
  const followUp = notificationFollowUp(notification);

  function handleMarkRead() {
    markRead.mutate(notification.id, {
      // The button goes away with the unread state; the notification itself keeps the focus.
      onSuccess: () => (onReadAndGone ? onReadAndGone() : itemRef.current?.focus()),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  return (
    <article
      ref={itemRef}
      tabIndex={-1}
      aria-labelledby={messageId}
      className={`rounded-xl border p-4 shadow-sm focus:outline-3 focus:outline-offset-2 focus:outline-indigo-500 sm:p-5 ${
        unread ? 'border-indigo-300 bg-indigo-50' : 'border-slate-200 bg-white'
      }`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 gap-3">
          <span
            aria-hidden="true"
            className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-indigo-700' : 'bg-transparent'}`}
          />
          <div className="min-w-0">
            <p id={messageId} className={`break-words ${unread ? 'font-medium text-slate-900' : 'text-slate-800'}`}>
              {unread && <span className="sr-only">{t('item.unread')} </span>}
              <NotificationMessage notification={notification} />
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
              <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
              {unread && (
                <span
                  aria-hidden="true"
                  className="rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white"
                >
                  {t('item.new')}
                </span>
              )}
              {followUp && (
                <TextLink to={followUp.to} className="text-sm">
                  {t(followUp.label)}
                </TextLink>
              )}
            </p>
          </div>
        </div>
        {unread && (
          <Button
            variant="secondary"
            className="self-start sm:shrink-0"
            aria-describedby={messageId}
            aria-disabled={markRead.isPending || undefined}
            onClick={() => {
              if (!markRead.isPending) handleMarkRead();
            }}
          >
            {markRead.isPending ? t('marking') : t('item.markRead')}
          </Button>
        )}
      </div>
    </article>
  );
}
