import { browserSupportsPasskeys } from '../api/passkey-support';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { verifyCodeSchema } from '../../../../shared/second-factor';
import { FormErrorAlert, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSecondFactorText } from '../../../i18n/namespaces/second-factor';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useSecondFactorStatus } from '../api/get-second-factor-status';
import { useVerifyCode } from '../api/verify-code';
import { useVerifyPasskey } from '../api/verify-passkey';

/**
 * The sign-in's second step: the passkey (where the account has one), or a code from the
 * authenticator app, or one of the recovery codes.
 */
export function SecondFactorStep({ onPassed }: { onPassed: () => void }) {
  const { t } = useSecondFactorText();
  const orId = useId();
  const status = useSecondFactorStatus();
  const passkey = useVerifyPasskey();
  const code = useVerifyCode();
  const form = useAppForm({ schema: verifyCodeSchema, defaultValues: { code: '' } });
  if (status.isPending) return <Spinner label={t('step.loading')} />;
  const kinds = new Set(status.data?.factors.map((factor) => factor.kind));
  const hasPasskey = kinds.has('passkey');
  const hasApp = kinds.has('totp');
  const passed = () => {
    toast.success(t('step.passed'));
    onPassed();
  };
  return (
    <div className="space-y-6">
      <p className="text-center text-slate-700">{t('step.explanation')}</p>
      {hasPasskey && browserSupportsPasskeys() && (
        <div className="space-y-2">
          <Button
            className="w-full"
            disabled={passkey.isPending}
            onClick={() =>
              passkey.mutate(undefined, {
                onSuccess: passed,
                onError: (error) =>
                  toast.error(error instanceof ApiRequestError ? errorMessage(error) : t('passkey.cancelled')),
              })
            }
          >
            {passkey.isPending ? t('step.usingPasskey') : t('step.usePasskey')}
          </Button>
          <p id={orId} className="text-center text-sm text-slate-600">
            {t('step.or')}
          </p>
        </div>
      )}
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((request) =>
          code.mutate(request, { onSuccess: passed, onError: form.showServerError }),
        )}
      >
        <FormErrorAlert control={form.control} />
        <FormTextField
          control={form.control}
          name="code"
          label={hasApp ? t('step.codeLabel') : t('step.recoveryCodeLabel')}
          hint={hasApp ? t('step.codeHint') : undefined}
          autoComplete="one-time-code"
          required
        />
        <Button type="submit" className="w-full" disabled={code.isPending}>
          {code.isPending ? t('step.checking') : t('step.continue')}
        </Button>
      </form>
    </div>
  );
}
