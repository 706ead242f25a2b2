import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { useMarkReadMutation } from './use-mark-read-mutation';

export const markAllNotificationsRead = () => api.post<unknown>(apiPaths.allNotificationsRead);

export function useMarkAllNotificationsRead() {
  return useMarkReadMutation(markAllNotificationsRead);
}
