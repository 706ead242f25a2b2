import { myStatisticsSchema } from '../../../shared/statistics';
import { requireVerifiedUser, viewerOf } from '../../plugins/auth';
import { getMyStatistics } from '../../services/statistics';
import type { App } from '../../types';
import { errorResponses } from './responses';

export async function statisticsRoutes(app: App): Promise<void> {
  app.addHook('onRequest', requireVerifiedUser);

  app.get(
    '/mine',
    {
      schema: {
        tags: ['statistics'],
        summary: "The caller's reviews per month (hidden ones included), ratings given and submissions by status",
        response: { 200: myStatisticsSchema, ...errorResponses },
      },
    },
    async (request) => getMyStatistics(app.db, viewerOf(request).id, app.clock()),
  );
}
