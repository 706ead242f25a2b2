import { writeDueReviewSummaries } from '../services/review-summaries/writing';
import type { App } from '../types';
import { runPeriodically } from './periodic-task';

/**
 * Writes the AI summaries of reviews that are due (services/review-summaries/writing.ts says
 * when), in the background only: at start, then every AI_SUMMARY_INTERVAL_SECONDS. A student's
 * request never waits for a provider. Logs name tutors and reason codes, never review text.
 */
export async function reviewSummaryRefreshPlugin(app: App): Promise<void> {
  if (!app.aiProvider) return;
  runPeriodically(
    app,
    app.config.ai.summaryIntervalMs,
    async () => {
      const outcomes = await writeDueReviewSummaries(app.db, app.aiProvider, app.clock(), {
        timeoutMs: app.config.ai.timeoutMs,
      });
      for (const outcome of outcomes) {
        if (outcome.outcome === 'written') app.log.info(outcome, 'wrote an AI summary of reviews');
        else app.log.warn(outcome, 'no AI summary of reviews this time');
      }
    },
    'writing AI summaries of reviews failed',
  );
}
