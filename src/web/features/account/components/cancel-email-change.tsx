import { CheckCircleIcon } from '../../../components/ui/icons/check-circle-icon';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { errorMessage } from '../../../lib/api-client';
import { useCancelEmailChange } from '../api/cancel-email-change';

/**
 * The page the notice to the old address links to ("Cancel this change"): it works without
 * signing in. Cancelling takes a click, so a mail scanner that opens links changes nothing.
 */
export function CancelEmailChange({ token }: { token: string | null }) {
  const { t } = useAuthText();
  const cancel = useCancelEmailChange();
  if (!token)
    return (
      <div role="alert" className="text-center">
        <h1 className="text-2xl font-semibold text-red-800">{t('unusableLink.title')}</h1>
        <p className="mt-2 text-slate-700">{t('invalidLink')}</p>
      </div>
    );
  if (cancel.isSuccess)
    return (
      <div role="status" className="text-center">
        <CheckCircleIcon className="mx-auto mb-3 h-12 w-12 text-green-700" />
        <h1 className="text-2xl font-semibold text-slate-900">{t('cancelEmailChange.done')}</h1>
        <p className="mt-2 break-words text-slate-700">{t('cancelEmailChange.keeps', { email: cancel.data.email })}</p>
        <TextLink to={paths.forgotPassword} className="mt-4 inline-block">
          {t('cancelEmailChange.choosePassword')}
        </TextLink>
      </div>
    );
  return (
    <div className="text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t('cancelEmailChange.title')}</h1>
      <p className="mt-2 text-slate-700">{t('cancelEmailChange.explanation')}</p>
      {cancel.isError && (
        <p role="alert" className="mt-3 text-red-800">
          {errorMessage(cancel.error)}
        </p>
      )}
      <Button className="mt-4 w-full" disabled={cancel.isPending} onClick={() => cancel.mutate(token)}>
        {cancel.isPending ? t('cancelEmailChange.busy') : t('cancelEmailChange.submit')}
      </Button>
    </div>
  );
}
