import toast from 'react-hot-toast';
import type { Account } from '../../../../shared/account';
import { ThemeSelect } from '../../../components/ui/theme-select';
import { errorMessage } from '../../../lib/api-client';
import { applyTheme } from '../../../lib/theme';
import { useUpdateProfile } from '../api/update-profile';

/**
 * The account's theme, on every device it signs in to. Shown at once; the server keeps it and
 * sets this browser's theme cookie, so the next page comes in it from its first byte.
 */
export function AccountThemeSelect({
  account,
  labelClassName,
  className,
}: {
  account: Account;
  labelClassName?: string;
  className?: string;
}) {
  const update = useUpdateProfile();
  const value = update.isPending && update.variables.theme ? update.variables.theme : account.theme;
  return (
    <ThemeSelect
      className={className}
      labelClassName={labelClassName}
      value={value}
      onChange={(theme) => {
        applyTheme(theme);
        update.mutate(
          { theme },
          {
            onError: (error) => {
              applyTheme(account.theme);
              toast.error(errorMessage(error));
            },
          },
        );
      }}
    />
  );
}
