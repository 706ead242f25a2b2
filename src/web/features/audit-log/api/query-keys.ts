import type { AuditLogQueryInput } from '../../../../shared/audit';
import { staleOn } from '../../../lib/data-changes';

export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (query: AuditLogQueryInput) => ['audit-log', 'page', query] as const,
  actors: () => ['audit-log', 'actors'] as const,
};

// Every admin action adds an entry: anything an administrator changes makes the log stale.
staleOn(['users', 'settings', 'reviews', 'tutors'], auditLogKeys.all);
