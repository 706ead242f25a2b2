import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { useMarkReadMutation } from './use-mark-read-mutation';

export const markNotificationRead = (notificationId: string) =>
  api.post<unknown>(apiPaths.notificationRead(notificationId));

export function useMarkNotificationRead() {
  return useMarkReadMutation(markNotificationRead);
}
