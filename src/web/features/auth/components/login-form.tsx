import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, LinkButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
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
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-required="true"
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-required="true"
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <LinkButton to={paths.home} variant="secondary">
          Cancel
        </LinkButton>
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </div>
      <p className="text-center text-sm text-slate-700">
        Don&apos;t have an account?{' '}
        <Link to={paths.signup} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
          Sign up
        </Link>
      </p>
    </form>
  );
}
