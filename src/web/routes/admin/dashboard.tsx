import { ListLoadError } from '../../components/lists/list-status';
import { LinkButton } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAdminDashboard } from '../../features/admin-dashboard/api/get-admin-dashboard';
import { DashboardFigures, WaitingQueues } from '../../features/admin-dashboard/components/dashboard-figures';
import { RecentActivity } from '../../features/admin-dashboard/components/recent-activity';
import { ReviewsPerWeekChart } from '../../features/admin-dashboard/components/reviews-per-week-chart';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useAdminText } from '../../i18n/namespaces/admin';

/** /admin: the live figures, reviews per week and what the administrators did lately. */
export function AdminDashboardRoute() {
  const { t } = useAdminText();
  useDocumentTitle(t('dashboard.title'));
  const dashboard = useAdminDashboard();

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('dashboard.title')}</h1>
          <p className="mt-1 text-slate-700">{t('dashboard.intro')}</p>
        </div>
        <div className="flex flex-col gap-2 min-[400px]:flex-row">
          <LinkButton to={paths.admin.addTeacher}>{t('dashboard.addTeacher')}</LinkButton>
          <LinkButton to={paths.admin.manageSubmissionsAlias} variant="secondary">
            {t('dashboard.manageSubmissions')}
          </LinkButton>
        </div>
      </div>

      {dashboard.isPending ? (
        <Spinner />
      ) : dashboard.isError ? (
        <ListLoadError
          message={t('dashboard.loadError')}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <>
          <section aria-labelledby="dashboard-waiting">
            <h2 id="dashboard-waiting" className="mb-3 text-base font-semibold text-slate-900">
              {t('dashboard.waitingForYou')}
            </h2>
            <WaitingQueues figures={dashboard.data.figures} />
          </section>
          <section aria-labelledby="dashboard-figures">
            <h2 id="dashboard-figures" className="sr-only">
              {t('dashboard.figures')}
            </h2>
            <DashboardFigures figures={dashboard.data.figures} />
          </section>
          <div className="grid gap-6 xl:grid-cols-2">
            <div className="min-w-0">
              <ReviewsPerWeekChart weeks={dashboard.data.reviewsPerWeek} />
            </div>
            <section
              aria-labelledby="recent-activity"
              className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
            >
              <h2 id="recent-activity" className="text-base font-semibold text-slate-900">
                {t('dashboard.recentActivity')}
              </h2>
              <div className="mt-3">
                <RecentActivity entries={dashboard.data.recentActivity} />
              </div>
            </section>
          </div>
        </>
      )}
    </div>
  );
}

export { AdminDashboardRoute as Component };
