import { refreshRankingPrior } from '../services/tutors/ranking';
import type { App } from '../types';
import { runPeriodically } from './periodic-task';

const REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Moves the prior "Highest rated" ranks against to the mean of all reviews as it drifts: at
 * start, then every hour (services/tutors/ranking.ts says when it moves).
 */
export async function rankingPriorRefreshPlugin(app: App): Promise<void> {
  runPeriodically(
    app,
    REFRESH_INTERVAL_MS,
    async () => {
      const mean = await refreshRankingPrior(app.db, app.clock());
      if (mean !== null) app.log.info({ mean }, 'moved the ranking prior to the mean of all reviews');
    },
    'refreshing the ranking prior failed',
  );
}
