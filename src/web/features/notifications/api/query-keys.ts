/** What a page of notifications is asked with; page 1 and everything are the defaults. */
export interface NotificationListParams {
  page?: number;
  unreadOnly?: 'true';
}

/**
 * Every cached notifications answer sits under ['notifications']. Reading a notification
 * changes the lists and the unread count, never the followed departments, so those keys are apart.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (params: NotificationListParams) => ['notifications', 'list', params] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
  followedDepartments: () => ['notifications', 'followed-departments'] as const,
};
