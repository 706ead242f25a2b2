import { adminDashboardSchema } from '../../../../shared/admin-dashboard';
import { getAdminDashboard } from '../../../services/admin-dashboard';
import type { App } from '../../../types';
import { errorResponses } from '../responses';

export async function adminDashboardRoutes(app: App): Promise<void> {
  app.get(
    '',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Headline figures, visible reviews per week (Monday-start UTC weeks) and the latest administrator actions',
        response: { 200: adminDashboardSchema, ...errorResponses },
      },
    },
    async () => getAdminDashboard(app.db, app.clock()),
  );
}
