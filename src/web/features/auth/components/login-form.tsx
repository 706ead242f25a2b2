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
import { useLogin } from '../api/login';

/** The spec's one message for a blank field comes first; then the API's own schema. */
const loginFormSchema = z
  .object({ email: z.string(), password: z.string() })
  .refine(({ email, password }) => email.trim() !== '' && password !== '', 'Please fill in both fields.')
  .pipe(loginRequestSchema);

export function LoginForm({ initialEmail = '' }: { initialEmail?: string }) {
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
            toast.success('Logged In successfully');
            navigate(account.role === 'admin' ? `${paths.admin.root}/` : `${paths.user.root}/`, { replace: true });
          },
          onError: (error) => {
            form.showServerError(error);
            toast.error('Error Occurred');
          },
        }),
      )}
    >
      <FormErrorAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="email"
        ref={emailRef}
        label="Email"
        type="email"
        autoComplete="email"
        aria-required="true"
      />
      <FormPasswordField
        control={form.control}
        name="password"
        ref={passwordRef}
        label="Password"
        autoComplete="current-password"
        aria-required="true"
      />
      <p className="text-right text-sm">
        <TextLink to={paths.forgotPassword}>Forgot password?</TextLink>
      </p>
      <FormActions cancelTo={paths.home} submitLabel="Login" busyLabel="Logging in..." busy={login.isPending} />
      <p className="text-center text-sm text-slate-700">
        Don&apos;t have an account? <TextLink to={paths.signup}>Sign up</TextLink>
      </p>
    </form>
  );
}
