import { ORPHAN_IMAGE_GRACE_MS, sweepOrphanImages } from '../services/images';
import type { App } from '../types';

const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Removes pictures uploaded for forms that were never submitted: once when the server starts
 * listening (the entry point migrates the database before that), then every few hours.
 * Tests drive the app without listening, so no sweep runs behind their backs.
 */
export async function orphanImageSweepPlugin(app: App): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const sweep = () => {
    running ??= (async () => {
      try {
        const removed = await sweepOrphanImages(
          app.db,
          app.imageStore,
          new Date(app.clock().getTime() - ORPHAN_IMAGE_GRACE_MS),
        );
        if (removed > 0) app.log.info({ removed }, 'removed pictures no tutor uses');
      } catch (err) {
        app.log.error({ err }, 'sweeping unused pictures failed');
      } finally {
        running = undefined;
      }
    })();
  };

  app.addHook('onListen', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    // Never the reason the process stays alive.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // The database closes after the app; let a sweep in progress finish first.
    await running;
  });
}
