import { sweepUnclaimedAccounts } from '../services/accounts/sign-up';
import type { App } from '../types';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes sign-ups nobody verified within the link's lifetime, so an address someone else typed
 * is free again: once when the server starts listening, then every hour. Tests drive the app
 * without listening and call the service themselves.
 */
export async function unclaimedAccountSweepPlugin(app: App): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const sweep = () => {
    running ??= (async () => {
      try {
        const removed = await sweepUnclaimedAccounts(app.db, app.clock());
        if (removed > 0) app.log.info({ removed }, 'removed sign-ups nobody verified');
      } catch (err) {
        app.log.error({ err }, 'sweeping unverified sign-ups failed');
      } finally {
        running = undefined;
      }
    })();
  };

  app.addHook('onListen', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
