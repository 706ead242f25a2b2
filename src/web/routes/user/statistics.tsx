import { ListLoadError } from '../../components/lists/list-status';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useStatisticsText } from '../../i18n/namespaces/statistics';
import { useMyStatistics } from '../../features/statistics/api/get-my-statistics';
import { StatisticsOverview } from '../../features/statistics/components/statistics-overview';

export function StatisticsRoute() {
  const { t } = useStatisticsText();
  useDocumentTitle(t('page.title'));
  const statistics = useMyStatistics();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t('page.title')}</h1>
        <p className="mt-1 text-slate-700">{t('page.intro')}</p>
      </div>
      {statistics.isPending ? (
        <Spinner />
      ) : statistics.isError ? (
        <ListLoadError
          message={t('page.loadError')}
          onRetry={() => void statistics.refetch()}
          retrying={statistics.isFetching}
        />
      ) : (
        <StatisticsOverview statistics={statistics.data} />
      )}
    </div>
  );
}

export { StatisticsRoute as Component };
