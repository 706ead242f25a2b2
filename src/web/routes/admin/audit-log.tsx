import { useRef } from 'react';
import { apiPaths } from '../../../shared/api-paths';
import { auditActions, type AuditAction, type AuditLogFilter } from '../../../shared/audit';
import { isUuid } from '../../../shared/ids';
import { pageFromParam, withQuery } from '../../../shared/query-string';
import { PagedList } from '../../components/lists/paged-list';
import { buttonClasses, LinkButton } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useAuditLog } from '../../features/audit-log/api/get-audit-log';
import { AuditLogFilters } from '../../features/audit-log/components/audit-log-filters';
import { AuditLogTable } from '../../features/audit-log/components/audit-log-table';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useListParams } from '../../hooks/use-list-params';
import { useAuditLogText } from '../../i18n/namespaces/audit-log';

const DAY_FORM = /^\d{4}-\d{2}-\d{2}$/;

/** The filters the URL holds, each left out when it is not one the API would take. */
function filterFrom(searchParams: URLSearchParams): AuditLogFilter {
  const actorId = searchParams.get('actorId') ?? undefined;
  const action = searchParams.get('action') ?? '';
  const from = searchParams.get('from') ?? '';
  const to = searchParams.get('to') ?? '';
  return {
    actorId: isUuid(actorId) ? actorId : undefined,
    action: (auditActions as readonly string[]).includes(action) ? (action as AuditAction) : undefined,
    from: DAY_FORM.test(from) ? from : undefined,
    to: DAY_FORM.test(to) ? to : undefined,
  };
}

/**
 * /admin/audit-log: every admin action with who, what, which record, when and why; filtered by
 * person, kind of action and dates (kept in the URL), paged, and exported as CSV as filtered.
 */
export function AuditLogRoute() {
  const { t } = useAuditLogText();
  useDocumentTitle(t('page.title'));
  const { searchParams, update } = useListParams();
  const filter = filterFrom(searchParams);
  const page = pageFromParam(searchParams.get('page'));
  const datesInOrder = !filter.from || !filter.to || filter.from <= filter.to;
  const entries = useAuditLog({ ...filter, page }, { enabled: datesInOrder });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const filtered = Object.values(filter).some(Boolean);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
            {t('page.title')}
          </h1>
          <p className="mt-1 text-slate-700">{t('page.intro')}</p>
        </div>
        {datesInOrder && (
          <a href={withQuery(apiPaths.adminAuditLogExport, filter)} download className={buttonClasses('secondary')}>
            {t('page.exportCsv')}
          </a>
        )}
      </div>

      <AuditLogFilters filter={filter} onChange={update} />

      {datesInOrder && (
        <PagedList
          query={entries}
          page={page}
          label={t('page.listLabel')}
          errorMessage={t('page.loadError')}
          emptyMessage={filtered ? t('page.noMatch') : t('page.empty')}
          emptyActions={
            filtered && (
              <LinkButton to={paths.admin.auditLog} variant="secondary">
                {t('page.showAll')}
              </LinkButton>
            )
          }
          noun={(count) => t('page.entryNoun', { count })}
          pagesLabel={t('page.pagesLabel')}
          onNavigate={() => {
            headingRef.current?.focus({ preventScroll: true });
            headingRef.current?.scrollIntoView({ block: 'start' });
          }}
        >
          {(items) => <AuditLogTable entries={items} />}
        </PagedList>
      )}
    </div>
  );
}

export { AuditLogRoute as Component };
