import toast from 'react-hot-toast';
import type { Account } from '../../../../shared/account';
import { LanguageSelect } from '../../../components/ui/language-select';
import { currentLanguage } from '../../../i18n/i18n';
import { useLanguagesText } from '../../../i18n/namespaces/languages';
import { errorMessage } from '../../../lib/api-client';
import { showLanguage } from '../../../lib/language';
import { useUpdateLanguage } from '../api/update-language';

/**
 * The account's language. The page changes at once, without a reload; the server keeps the
 * choice for every device and for the mails it sends. Should it fail, the page goes back to the
 * language it was in.
 */
export function AccountLanguageSelect({
  account,
  compact,
  labelClassName,
  className,
}: {
  account: Account;
  compact?: boolean;
  labelClassName?: string;
  className?: string;
}) {
  // Re-rendered when the language changes, so the select shows the one the page is in.
  const { t } = useLanguagesText();
  const update = useUpdateLanguage();
  const value = update.isPending ? update.variables : currentLanguage();
  return (
    <LanguageSelect
      label={t('menu.label')}
      compact={compact}
      className={className}
      labelClassName={labelClassName}
      value={value}
      onChange={(language) => {
        const previous = currentLanguage();
        void showLanguage(language);
        update.mutate(language, {
          onError: (error) => {
            void showLanguage(account.language ?? previous);
            toast.error(errorMessage(error));
          },
        });
      }}
    />
  );
}
