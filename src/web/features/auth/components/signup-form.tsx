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
function emailHint(domains: readonly string[], restricted: boolean): string {
  const advice = 'Please use only your university-issued email address.';
  if (domains.length === 0) return advice;
  const listed = domains.map((domain) => `@${domain}`).join(', ');
  return restricted ? `${advice} Only addresses at ${listed} can sign up.` : `${advice} (${listed})`;
}

export function SignupForm({
  universityDomains = [],
  restrictedToDomains = false,
}: {
  universityDomains?: readonly string[];
  restrictedToDomains?: boolean;
}) {
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
            toast.success(`Email sent at ${sent.email}.`);
            navigate(paths.login, { state: { signedUpEmail: sent.email } });
          },
          onError: form.showServerError,
        }),
      )}
    >
      <FormErrorAlert control={form.control} />
      <FormTextField control={form.control} name="name" label="Name" autoComplete="name" aria-required="true" />
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        aria-required="true"
        hint={emailHint(universityDomains, restrictedToDomains)}
      />
      <FormPasswordField
        control={form.control}
        name="password"
        label="Password"
        autoComplete="new-password"
        aria-required="true"
        hint={<PasswordStrengthHint control={form.control} name="password" />}
      />
      <FormActions cancelTo={paths.home} submitLabel="Sign Up" busyLabel="Signing up..." busy={signup.isPending} />
      <p className="text-center text-sm text-slate-700">
        Already have an account? <TextLink to={paths.login}>Login</TextLink>
      </p>
    </form>
  );
}
