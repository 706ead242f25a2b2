import { sweepUnclaimedAccounts } from '../services/accounts/sign-up';
import type { App } from '../types';
import { runPeriodically } from './periodic-task';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes sign-ups nobody verified within the link's lifetime, so an address someone else typed
 * is free again: at start, then every hour.
 */
export async function unclaimedAccountSweepPlugin(app: App): Promise<void> {
  runPeriodically(
    app,
    SWEEP_INTERVAL_MS,
    async () => {
      const removed = await sweepUnclaimedAccounts(app.db, app.clock());
      if (removed > 0) app.log.info({ removed }, 'removed sign-ups nobody verified');
    },
    'sweeping unverified sign-ups failed',
  );
}
