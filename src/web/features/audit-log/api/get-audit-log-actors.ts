import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AuditLogActors } from '../../../../shared/audit';
import { api } from '../../../lib/api-client';
import { auditLogKeys } from './query-keys';

export const getAuditLogActors = () => api.get<AuditLogActors>(apiPaths.adminAuditLogActors);

export const auditLogActorsQueryOptions = () =>
  queryOptions({ queryKey: auditLogKeys.actors(), queryFn: getAuditLogActors });

/** Everyone with entries in the log: the person filter's choices. */
export function useAuditLogActors() {
  return useQuery(auditLogActorsQueryOptions());
}
