import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { TextInputField } from '../../../components/forms/field';
import { ErrorAlert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useLogin } from '../api/login';

export function LoginForm({ initialEmail = '' }: { initialEmail?: string }) {
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please fill in both fields.');
      return;
    }
    setError(null);
    login.mutate(
      { email, password },
      {
        onSuccess: ({ account }) => {
          toast.success('Logged In successfully');
          navigate(account.role === 'admin' ? `${paths.admin.root}/` : `${paths.user.root}/`, { replace: true });
        },
        onError: (err) => {
          setError(errorMessage(err));
          toast.error('Error Occurred');
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <TextInputField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-required="true"
      />
      <TextInputField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-required="true"
      />
      <FormActions cancelTo={paths.home} submitLabel="Login" busyLabel="Logging in..." busy={login.isPending} />
      <p className="text-center text-sm text-slate-700">
        Don&apos;t have an account? <TextLink to={paths.signup}>Sign up</TextLink>
      </p>
    </form>
  );
}
