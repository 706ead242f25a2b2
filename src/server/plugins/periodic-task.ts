import type { App } from '../types';

/**
 * Runs `task` once when the server starts listening (the entry point migrates the database
 * before that), then every `intervalMs`, never twice at once. Tests drive the app without
 * listening, so no task runs behind their backs; they call the services themselves. A failure
 * is logged with `failure` and the next run tries again.
 */
export function runPeriodically(app: App, intervalMs: number, task: () => Promise<void>, failure: string): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const run = () => {
    running ??= (async () => {
      try {
        await task();
      } catch (err) {
        app.log.error({ err }, failure);
      } finally {
        running = undefined;
      }
    })();
  };

  app.addHook('onListen', async () => {
    run();
    timer = setInterval(run, intervalMs);
    // Never the reason the process stays alive.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // The database closes after the app; let a run in progress finish first.
    await running;
  });
}
