import { Spinner } from '../../components/ui/spinner';
import { AccountProfile } from '../../features/account/components/account-profile';
import { SecuritySection } from '../../features/second-factor/components/security-section';
import { useSiteName } from '../../features/settings/api/get-public-settings';
import { useAccount } from '../../lib/session';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useAccountText } from '../../i18n/namespaces/account';

export function UserProfileRoute() {
  const { t } = useAccountText();
  useDocumentTitle(t('profile.title'));
  const { account } = useAccount();
  const siteName = useSiteName();
  // The layout renders its pages only for a signed-in account.
  if (!account) return <Spinner />;
  return (
    <AccountProfile
      account={account}
      title={t('profile.title')}
      audience="student"
      security={<SecuritySection siteName={siteName} />}
    />
  );
}

export { UserProfileRoute as Component };
