import { ORPHAN_IMAGE_GRACE_MS, sweepOrphanImages } from '../services/images';
import type { App } from '../types';
import { runPeriodically } from './periodic-task';

const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Removes pictures uploaded for forms that were never submitted: at start, then every few hours. */
export async function orphanImageSweepPlugin(app: App): Promise<void> {
  runPeriodically(
    app,
    SWEEP_INTERVAL_MS,
    async () => {
      const removed = await sweepOrphanImages(
        app.db,
        app.imageStore,
        new Date(app.clock().getTime() - ORPHAN_IMAGE_GRACE_MS),
      );
      if (removed > 0) app.log.info({ removed }, 'removed pictures no tutor uses');
    },
    'sweeping unused pictures failed',
  );
}
