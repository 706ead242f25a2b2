import { ORPHAN_IMAGE_GRACE_MS, sweepOrphanImages, sweepUnregisteredFiles } from '../services/images';
import type { App } from '../types';
import { runPeriodically } from './periodic-task';

const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Removes pictures uploaded for forms that were never submitted, and files whose upload never
 * registered them: at start, then every few hours.
 */
export async function orphanImageSweepPlugin(app: App): Promise<void> {
  // Files found unregistered by the last sweep: removed if they still are at the next one.
  let unregistered = new Set<string>();
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
      const files = await sweepUnregisteredFiles(app.db, app.imageStore, unregistered);
      unregistered = files.unregistered;
      if (files.removed > 0) app.log.info({ removed: files.removed }, 'removed picture files no upload registered');
    },
    'sweeping unused pictures failed',
  );
}
