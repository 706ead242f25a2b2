import { refreshRecentWindow } from '../services/reviews/recent-window';
import type { App } from '../types';
import { runPeriodically } from './periodic-task';

const REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Ages reviews out of the tutors' "last 12 months" figures: at start, then every hour, so a
 * review counts as recent for at most an hour longer than twelve months (decision 0022).
 */
export async function recentWindowRefreshPlugin(app: App): Promise<void> {
  runPeriodically(
    app,
    REFRESH_INTERVAL_MS,
    async () => {
      const moved = await refreshRecentWindow(app.db, app.clock());
      if (moved > 0) app.log.info({ tutors: moved }, 'aged reviews out of the tutors’ last 12 months');
    },
    'aging reviews out of the last 12 months failed',
  );
}
