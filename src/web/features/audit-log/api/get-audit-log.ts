import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AuditLogPage, AuditLogQueryInput } from '../../../../shared/audit';
import { withQuery } from '../../../../shared/query-string';
import { api } from '../../../lib/api-client';
import { auditLogKeys } from './query-keys';

export const getAuditLog = (query: AuditLogQueryInput) =>
  api.get<AuditLogPage>(withQuery(apiPaths.adminAuditLog, query));

export const auditLogQueryOptions = (query: AuditLogQueryInput) =>
  queryOptions({
    queryKey: auditLogKeys.page(query),
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });

/** One page of the audit log, newest first, as the filters narrow it. */
export function useAuditLog(query: AuditLogQueryInput, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...auditLogQueryOptions(query), enabled });
}
