import { Spinner } from '../../components/ui/spinner';
import { AccountProfile } from '../../features/account/components/account-profile';
import { useAccount } from '../../lib/session';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useAdminText } from '../../i18n/namespaces/admin';

export function AdminProfileRoute() {
  const { t } = useAdminText();
  useDocumentTitle(t('profile.title'));
  const { account } = useAccount();
  // The admin layout renders its pages only for a signed-in administrator.
  if (!account) return <Spinner />;
  return <AccountProfile account={account} title={t('profile.title')} audience="admin" />;
}

export { AdminProfileRoute as Component };
