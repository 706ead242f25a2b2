import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { UnreadCount } from '../../../../shared/notifications';
import { api } from '../../../lib/api-client';
import { usePagePainted } from '../../../lib/page-painted';
import { notificationKeys } from './query-keys';

const UNREAD_COUNT_REFRESH_MS = 60_000;

export const getUnreadCount = () => api.get<UnreadCount>(apiPaths.unreadNotifications);

/**
 * The badge in the navigation. Notifications arrive from other people's actions, so the count
 * is asked for again every minute and whenever the user comes back to the tab.
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: getUnreadCount,
    refetchOnWindowFocus: 'always',
    refetchInterval: UNREAD_COUNT_REFRESH_MS,
  });

export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  const painted = usePagePainted();
  return useQuery({ ...unreadCountQueryOptions(), enabled: enabled && painted });
}
