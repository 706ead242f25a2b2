import type { KeyboardEventHandler } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useLogout } from '../api/logout';

export function LogoutButton({
  className,
  onKeyDown,
}: {
  className?: string;
  onKeyDown?: KeyboardEventHandler<HTMLButtonElement>;
}) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onKeyDown={onKeyDown}
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onSuccess: () => {
            toast.success('Logged Out Successfully');
            navigate('/', { replace: true });
          },
          onError: (err) => toast.error(errorMessage(err)),
        })
      }
    >
      Logout
    </button>
  );
}
