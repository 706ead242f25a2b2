import { CheckCircleIcon } from '../../../components/ui/icons/check-circle-icon';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useAccountText } from '../../../i18n/namespaces/account';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/**
 * The page the new address's mail links to. Confirming takes a click, so a mail scanner that
 * opens links does not move the account by itself.
 */
export function ConfirmEmailChange({ token }: { token: string | null }) {
  const { t } = useAccountText();
  const confirm = useConfirmEmailChange();
  if (!token)
    return (
      <div role="alert" className="text-center">
        <h1 className="text-2xl font-semibold text-red-800">{t('unusableLink.title')}</h1>
        <p className="mt-2 text-slate-700">{t('invalidLink')}</p>
      </div>
    );
  if (confirm.isSuccess)
    return (
      <div role="status" className="text-center">
        <CheckCircleIcon className="mx-auto mb-3 h-12 w-12 text-green-700" />
        <h1 className="text-2xl font-semibold text-slate-900">{t('confirmEmail.changed')}</h1>
        <p className="mt-2 break-words text-slate-700">{t('confirmEmail.nowUses', { email: confirm.data.email })}</p>
        <p className="mt-2 text-slate-700">{t('confirmEmail.signedOut')}</p>
        <TextLink to={paths.login} className="mt-4 inline-block">
          {t('goToLogin')}
        </TextLink>
      </div>
    );
  return (
    <div className="text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t('confirmEmail.title')}</h1>
      <p className="mt-2 text-slate-700">{t('confirmEmail.explanation')}</p>
      {confirm.isError && (
        <p role="alert" className="mt-3 text-red-800">
          {errorMessage(confirm.error)}
        </p>
      )}
      <Button className="mt-4 w-full" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
        {confirm.isPending ? t('confirmEmail.busy') : t('confirmEmail.submit')}
      </Button>
    </div>
  );
}
