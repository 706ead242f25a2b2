import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { TextInputField } from '../../../components/forms/field';
import { PasswordField } from '../../../components/forms/password-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/account';
import { useSignup } from '../api/signup';

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
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim() || !email.trim() || !password) {
      setError('Please fill in all fields.');
      return;
    }
    setError(null);
    signup.mutate(
      { name, email, password },
      {
        onSuccess: (sent) => {
          toast.success(`Email sent at ${sent.email}.`);
          navigate(paths.login, { state: { signedUpEmail: sent.email } });
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <TextInputField
        label="Name"
        name="name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-required="true"
      />
      <TextInputField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-required="true"
        hint={emailHint(universityDomains, restrictedToDomains)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-required="true"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <FormActions cancelTo={paths.home} submitLabel="Sign Up" busyLabel="Signing up..." busy={signup.isPending} />
      <p className="text-center text-sm text-slate-700">
        Already have an account? <TextLink to={paths.login}>Login</TextLink>
      </p>
    </form>
  );
}
