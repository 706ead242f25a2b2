import { BellIcon } from '../../../components/ui/icons/bell-icon';
import { formatNumber } from '../../../i18n/format';
import { useNotificationsText } from '../../../i18n/namespaces/notifications';
import { useUnreadCount } from '../api/get-unread-count';

/** The unread count, or 0 where it cannot be asked for (an email not verified yet). */
function useUnread(enabled: boolean): number {
  const { data } = useUnreadCount({ enabled });
  return enabled ? (data?.unread ?? 0) : 0;
}

function UnreadBadge({ unread }: { unread: number }) {
  const { t } = useNotificationsText();
  return (
    <span
      aria-hidden="true"
      className="ms-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 align-text-bottom text-xs font-semibold leading-none text-white"
    >
      {unread > 99 ? t('nav.overNinetyNine', { number: formatNumber(99) }) : formatNumber(unread)}
    </span>
  );
}

/**
 * 'Notifications' with the unread count as a badge; screen readers hear "Notifications (3 unread)".
 * Compact: a bell on wide screens, the word kept for screen readers (and shown in the narrow menu).
 */
export function NotificationsNavLabel({ enabled, compact = false }: { enabled: boolean; compact?: boolean }) {
  const { t } = useNotificationsText();
  const unread = useUnread(enabled);
  return (
    <>
      {compact && <BellIcon className="hidden h-5 w-5 md:block" />}
      <span className={compact ? 'md:sr-only' : undefined}>{t('title')}</span>
      {unread > 0 && (
        <>
          <UnreadBadge unread={unread} />
          {/* Browsers put a space before visually hidden text, so it reads as a parenthesis, not after a comma. */}
          <span className="sr-only"> {t('nav.unread', { count: unread })}</span>
        </>
      )}
    </>
  );
}

/**
 * The same count on the button that opens the collapsed menu, so it is seen on small screens
 * too. Only for the eye: inside the menu the Notifications link says it in words.
 */
export function NotificationsMenuBadge({ enabled }: { enabled: boolean }) {
  const unread = useUnread(enabled);
  return unread > 0 ? <UnreadBadge unread={unread} /> : null;
}
