import { AI_NOT_CONFIGURED_MESSAGE, type AiProviderCheck } from '../../../shared/ai-drafting';
import { AiProviderFailure, type TextProvider } from './providers';
import { draftFailureMessage } from './failure-messages';

const CHECK_PROMPT =
  'Reply with one short sentence saying that you are ready to help students draft reviews of their tutors.';

/** One short, non-streamed request: whether the configured provider answers, how fast, and if not, why. */
export async function checkAiProvider(provider: TextProvider | null, timeoutMs: number): Promise<AiProviderCheck> {
  if (!provider) return { ok: false, provider: null, model: null, latencyMs: null, message: AI_NOT_CONFIGURED_MESSAGE };
  const identity = { provider: provider.kind, model: provider.model };
  const signal = AbortSignal.timeout(timeoutMs);
  const started = performance.now();
  try {
    const reply = (await provider.generateText({ system: '', prompt: CHECK_PROMPT, signal })).trim();
    const latencyMs = Math.round(performance.now() - started);
    if (!reply) return { ok: false, ...identity, latencyMs, message: draftFailureMessage('ai_empty', { timeoutMs }) };
    return { ok: true, ...identity, latencyMs, message: reply.slice(0, 300) };
  } catch (error) {
    const failure = signal.aborted
      ? new AiProviderFailure('ai_timeout')
      : error instanceof AiProviderFailure
        ? error
        : new AiProviderFailure('ai_provider_error');
    // Administrators get the status and the provider's reason token too: enough to fix a key or a model name.
    const technical = [failure.detail.status && `HTTP ${failure.detail.status}`, failure.detail.reason]
      .filter(Boolean)
      .join(', ');
    const message = draftFailureMessage(failure.code, { reason: failure.detail.reason, timeoutMs });
    return { ok: false, ...identity, latencyMs: null, message: technical ? `${message} (${technical})` : message };
  }
}
