import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { signupRequestSchema } from '../../../../shared/account';
import { FormErrorAlert, FormPasswordField, FormTextField } from '../../../components/forms/form-fields';
import { PasswordStrengthHint } from '../../../components/forms/password-strength-hint';
import { useAppForm } from '../../../components/forms/use-app-form';
import { FormActions } from '../../../components/ui/form-actions';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { useSignup } from '../api/signup';

/** The spec's one message for a blank field comes first; then the API's own schema. */
const signupFormSchema = z
  .object({ name: z.string(), email: z.string(), password: z.string() })
  .refine(
    ({ name, email, password }) => name.trim() !== '' && email.trim() !== '' && password !== '',
    'Please fill in all fields.',
  )
  .pipe(signupRequestSchema);

/** The spec's advice, naming the university's domains once an administrator has listed them. */
function emailHint(t: ReturnType<typeof useAuthText>['t'], domains: readonly string[], restricted: boolean): string {
  if (domains.length === 0) return t('signup.emailHint');
  const listed = domains.map((domain) => `@${domain}`).join(', ');
  return restricted
    ? t('signup.emailHintRestricted', { domains: listed })
    : t('signup.emailHintListed', { domains: listed });
}

export function SignupForm({
  universityDomains = [],
  restrictedToDomains = false,
}: {
  universityDomains?: readonly string[];
  restrictedToDomains?: boolean;
}) {
  const { t } = useAuthText();
  const navigate = useNavigate();
  const signup = useSignup();
  const form = useAppForm({
    schema: signupFormSchema,
    defaultValues: { name: '', email: '', password: '' },
    summary: true,
  });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((request) =>
        signup.mutate(request, {
          onSuccess: (sent) => {
            toast.success(t('emailSent', { email: sent.email }));
            navigate(paths.login, { state: { signedUpEmail: sent.email } });
          },
          onError: form.showServerError,
        }),
      )}
    >
      <FormErrorAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="name"
        label={t('fields.name')}
        autoComplete="name"
        aria-required="true"
      />
      <FormTextField
        control={form.control}
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        aria-required="true"
        hint={emailHint(t, universityDomains, restrictedToDomains)}
      />
      <FormPasswordField
        control={form.control}
        name="password"
        label={t('fields.password')}
        autoComplete="new-password"
        aria-required="true"
        hint={<PasswordStrengthHint control={form.control} name="password" />}
      />
      <FormActions
        cancelTo={paths.home}
        submitLabel={t('signup.submit')}
        busyLabel={t('signup.busy')}
        busy={signup.isPending}
      />
      <p className="text-center text-sm text-slate-700">
        {t('signup.haveAccount')} <TextLink to={paths.login}>{t('signup.login')}</TextLink>
      </p>
    </form>
  );
}
