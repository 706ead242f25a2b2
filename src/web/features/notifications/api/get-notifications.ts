import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { NotificationList, UnreadCount } from '../../../../shared/notifications';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../../shared/query-string';
import { type NotificationListParams, notificationKeys } from './query-keys';

export const getNotifications = (params: NotificationListParams) =>
  api.get<NotificationList>(withQuery(apiPaths.notifications, { ...params }));

export const notificationsQueryOptions = (params: NotificationListParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: async ({ client }) => {
      const list = await getNotifications(params);
      // The list carries the unread count too: the navigation badge never contradicts the page.
      client.setQueryData<UnreadCount>(notificationKeys.unreadCount(), { unread: list.unread });
      return list;
    },
    // The previous page stays on screen while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });

/** One page of the signed-in user's notifications, newest first, with the unread count. */
export function useNotifications(params: NotificationListParams) {
  return useQuery(notificationsQueryOptions(params));
}
