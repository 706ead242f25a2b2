import { PASSWORD_MAX_LENGTH } from '../../../../shared/account';
import { linkUniversityRequestSchema } from '../../../../shared/campus-sign-in';
import { FormErrorAlert, FormPasswordField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { CheckCircleIcon } from '../../../components/ui/icons/check-circle-icon';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { useLinkUniversity } from '../api/link-university';

/**
 * Where a campus sign-in lands when its address is an administrator's: the administrator gives
 * the account's password once, and the university sign-in is linked to it.
 */
export function LinkUniversityForm() {
  const { t } = useAuthText();
  const link = useLinkUniversity();
  const form = useAppForm({ schema: linkUniversityRequestSchema, defaultValues: { password: '' } });
  if (link.isSuccess)
    return (
      <div role="status" className="text-center">
        <CheckCircleIcon className="mx-auto mb-3 h-12 w-12 text-green-700" />
        <h1 className="text-2xl font-semibold text-slate-900">{t('linkUniversity.done')}</h1>
        <p className="mt-2 text-slate-700">{t('linkUniversity.signInAgain')}</p>
        <TextLink to={paths.login} className="mt-4 inline-block">
          {t('linkUniversity.goToLogin')}
        </TextLink>
      </div>
    );
  return (
    <>
      <h1 className="text-center text-2xl font-semibold text-slate-900">{t('linkUniversity.title')}</h1>
      <p className="mt-2 text-center text-slate-700">{t('linkUniversity.explanation')}</p>
      <form
        noValidate
        className="mt-6 space-y-4"
        onSubmit={form.handleSubmit((request) => {
          if (link.isPending) return;
          link.mutate(request, { onError: form.showServerError });
        })}
      >
        <FormErrorAlert control={form.control} />
        <FormPasswordField
          control={form.control}
          name="password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <Button type="submit" className="w-full" disabled={link.isPending}>
          {link.isPending ? t('linkUniversity.busy') : t('linkUniversity.submit')}
        </Button>
      </form>
    </>
  );
}
