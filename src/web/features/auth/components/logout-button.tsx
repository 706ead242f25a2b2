import type { KeyboardEventHandler } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { errorMessage } from '../../../lib/api-client';
import { useLogout } from '../api/logout';

export function LogoutButton({
  className,
  onKeyDown,
}: {
  className?: string;
  onKeyDown?: KeyboardEventHandler<HTMLButtonElement>;
}) {
  const { t } = useAuthText();
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
            toast.success(t('logout.success'));
            navigate('/', { replace: true });
          },
          onError: (err) => toast.error(errorMessage(err)),
        })
      }
    >
      {t('logout.button')}
    </button>
  );
}
