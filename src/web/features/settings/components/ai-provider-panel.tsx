import type { AdminSettings } from '../../../../shared/settings';
import { AI_NOT_CONFIGURED_MESSAGE } from '../../../../shared/ai-drafting';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useCheckAiProvider } from '../api/check-ai-provider';

/**
 * The AI provider the server was started with, read-only (it comes from environment variables,
 * with its key, which never reaches the browser), and a check that it answers.
 */
export function AiProviderPanel({ ai }: { ai: AdminSettings['ai'] }) {
  const check = useCheckAiProvider();

  if (ai.provider === null) {
    return (
      <div className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
        <p className="font-semibold">{AI_NOT_CONFIGURED_MESSAGE}</p>
        <p className="mt-1">
          A provider is set on the server with environment variables (<code>GEMINI_API_KEY</code>, or{' '}
          <code>AI_BASE_URL</code> and <code>AI_MODEL</code> for an OpenAI-compatible server), then the server is
          restarted. See the README, section AI drafting.
        </p>
      </div>
    );
  }

  const result = check.data;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-800">Provider</dt>
        <dd className="wrap-anywhere text-slate-800">{ai.providerLabel ?? ai.provider}</dd>
        <dt className="font-medium text-slate-800">Model</dt>
        <dd className="wrap-anywhere text-slate-800">{ai.model ?? 'Default'}</dd>
      </dl>
      <p className="text-sm text-slate-600">Set with environment variables on the server; see the README.</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Button
          variant="secondary"
          className="shrink-0"
          // Stays focusable while the check runs: a disabled button would drop keyboard focus.
          aria-disabled={check.isPending || undefined}
          aria-busy={check.isPending || undefined}
          onClick={() => {
            if (!check.isPending) check.mutate();
          }}
        >
          {check.isPending ? 'Testing...' : 'Test connection'}
        </Button>
        <div role="status" className="min-w-0 text-sm">
          {check.isError ? (
            <p className="font-medium text-red-700">{errorMessage(check.error)}</p>
          ) : result ? (
            <div className={result.ok ? 'text-emerald-800' : 'text-red-700'}>
              <p className="font-semibold">
                {result.ok ? 'Connected' : 'Not connected'}
                {result.latencyMs !== null && ` · ${result.latencyMs} ms`}
              </p>
              <p className="mt-0.5 whitespace-pre-line wrap-anywhere text-slate-800">{result.message}</p>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
