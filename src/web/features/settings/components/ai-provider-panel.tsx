import { Trans } from 'react-i18next';
import type { AdminSettings } from '../../../../shared/settings';
import { AI_NOT_CONFIGURED_MESSAGE } from '../../../../shared/ai-drafting';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../i18n/format';
import { translateMessage } from '../../../i18n/message-translator';
import { useSettingsText } from '../../../i18n/namespaces/settings';
import { useCheckAiProvider } from '../api/check-ai-provider';

/** The README and the server's variables keep their names in any language. */
const README = 'README';
const AI_VARIABLES = {
  keyVariable: 'GEMINI_API_KEY',
  baseUrlVariable: 'AI_BASE_URL',
  modelVariable: 'AI_MODEL',
};
/** The README's section on the AI provider (the README is written in English). */
const README_SECTION = 'AI drafting';

/**
 * The AI provider the server was started with, read-only (it comes from environment variables,
 * with its key, which never reaches the browser), and a check that it answers.
 */
export function AiProviderPanel({ ai }: { ai: AdminSettings['ai'] }) {
  const { t } = useSettingsText();
  const check = useCheckAiProvider();

  if (ai.provider === null) {
    return (
      <div className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
        <p className="font-semibold">{translateMessage(AI_NOT_CONFIGURED_MESSAGE)}</p>
        <p className="mt-1">
          <Trans
            t={t}
            i18nKey="aiProvider.howToConfigure"
            values={{ ...AI_VARIABLES, readme: README, section: README_SECTION }}
            components={{ code: <code /> }}
          />
        </p>
      </div>
    );
  }

  const result = check.data;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-800">{t('aiProvider.provider')}</dt>
        <dd className="wrap-anywhere text-slate-800">{ai.providerLabel ?? ai.provider}</dd>
        <dt className="font-medium text-slate-800">{t('aiProvider.model')}</dt>
        <dd className="wrap-anywhere text-slate-800">{ai.model ?? t('aiProvider.defaultModel')}</dd>
      </dl>
      <p className="text-sm text-slate-600">{t('aiProvider.setOnServer', { readme: README })}</p>
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
          {check.isPending ? t('aiProvider.testing') : t('aiProvider.test')}
        </Button>
        <div role="status" className="min-w-0 text-sm">
          {check.isError ? (
            <p className="font-medium text-red-700">{errorMessage(check.error)}</p>
          ) : result ? (
            <div className={result.ok ? 'text-emerald-800' : 'text-red-700'}>
              <p className="font-semibold">
                {result.ok ? t('aiProvider.connected') : t('aiProvider.notConnected')}
                {result.latencyMs !== null &&
                  t('aiProvider.latency', { ms: formatNumber(result.latencyMs, { useGrouping: false }) })}
              </p>
              {/* A failure is the server's message; a success, what the model answered, shown as it came. */}
              <p className="mt-0.5 whitespace-pre-line wrap-anywhere text-slate-800">
                {result.ok ? result.message : translateMessage(result.message)}
              </p>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
