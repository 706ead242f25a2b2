import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { loginRequestSchema } from '../../../../shared/account';
import { FormErrorAlert, FormPasswordField, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { FormActions } from '../../../components/ui/form-actions';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { useLogin } from '../api/login';

/** The spec's one message for a blank field comes first; then the API's own schema. */
const loginFormSchema = z
  .object({ email: z.string(), password: z.string() })
  .refine(({ email, password }) => email.trim() !== '' && password !== '', 'Please fill in both fields.')
  .pipe(loginRequestSchema);

export function LoginForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useAuthText();
  const navigate = useNavigate();
  const login = useLogin();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The page is there to log in: the cursor starts in its first field (the email, or the
  // password when the email is known already, as after signing up).
  useEffect(() => {
    (initialEmail ? passwordRef.current : emailRef.current)?.focus();
  }, [initialEmail]);
  const form = useAppForm({
    schema: loginFormSchema,
    defaultValues: { email: initialEmail, password: '' },
    summary: true,
  });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((request) =>
        login.mutate(request, {
          onSuccess: ({ account }) => {
            toast.success(t('login.success'));
            navigate(account.role === 'admin' ? `${paths.admin.root}/` : `${paths.user.root}/`, { replace: true });
          },
          onError: (error) => {
            form.showServerError(error);
            toast.error(t('login.failed'));
          },
        }),
      )}
    >
      <FormErrorAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="email"
        ref={emailRef}
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        aria-required="true"
      />
      <FormPasswordField
        control={form.control}
        name="password"
        ref={passwordRef}
        label={t('fields.password')}
        autoComplete="current-password"
        aria-required="true"
      />
      <p className="text-end text-sm">
        <TextLink to={paths.forgotPassword}>{t('login.forgotPassword')}</TextLink>
      </p>
      <FormActions
        cancelTo={paths.home}
        submitLabel={t('login.submit')}
        busyLabel={t('login.busy')}
        busy={login.isPending}
      />
      <p className="text-center text-sm text-slate-700">
        {t('login.noAccount')} <TextLink to={paths.signup}>{t('login.signUp')}</TextLink>
      </p>
    </form>
  );
}
