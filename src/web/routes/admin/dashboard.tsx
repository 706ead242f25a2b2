import { ListLoadError } from '../../components/lists/list-status';
import { LinkButton } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAdminDashboard } from '../../features/admin-dashboard/api/get-admin-dashboard';
import { DashboardFigures, WaitingQueues } from '../../features/admin-dashboard/components/dashboard-figures';
import { RecentActivity } from '../../features/admin-dashboard/components/recent-activity';
import { ReviewsPerWeekChart } from '../../features/admin-dashboard/components/reviews-per-week-chart';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';

/** /admin: the live figures, reviews per week and what the administrators did lately. */
export function AdminDashboardRoute() {
  useDocumentTitle('Admin Dashboard');
  const dashboard = useAdminDashboard();

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-slate-700">Tutors, submissions, reviews and users as they stand now.</p>
        </div>
        <div className="flex flex-col gap-2 min-[400px]:flex-row">
          <LinkButton to={paths.admin.addTeacher}>Add Teacher</LinkButton>
          <LinkButton to={paths.admin.manageSubmissionsAlias} variant="secondary">
            Manage Submissions
          </LinkButton>
        </div>
      </div>

      {dashboard.isPending ? (
        <Spinner />
      ) : dashboard.isError ? (
        <ListLoadError
          message="Failed to load the data. Please try again later."
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <>
          <section aria-labelledby="dashboard-waiting">
            <h2 id="dashboard-waiting" className="mb-3 text-base font-semibold text-slate-900">
              Waiting for you
            </h2>
            <WaitingQueues figures={dashboard.data.figures} />
          </section>
          <section aria-labelledby="dashboard-figures">
            <h2 id="dashboard-figures" className="sr-only">
              Figures
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
                Recent activity
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
