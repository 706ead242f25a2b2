import { aiProviderCheckSchema } from '../../../../shared/ai-drafting';
import { checkAiProvider } from '../../../services/ai-drafting/provider-check';
import type { App } from '../../../types';
import { errorResponses } from '../responses';

/** The connection check waits less than a draft would: an answer this short comes fast or not at all. */
const CHECK_TIMEOUT_MS = 15_000;

export async function adminAiDraftingRoutes(app: App): Promise<void> {
  app.post(
    '/check',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sends the configured AI provider a one-line request and reports whether it answered',
        response: { 200: aiProviderCheckSchema, ...errorResponses },
      },
    },
    async () => checkAiProvider(app.aiProvider, Math.min(CHECK_TIMEOUT_MS, app.config.ai.timeoutMs)),
  );
}
