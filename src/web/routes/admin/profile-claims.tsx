import { useSearchParams } from 'react-router';
import { QueueTabs } from '../../components/lists/queue-tabs';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useAdminTutorClaims } from '../../features/tutors/api/get-admin-tutor-claims';
import { type AdminClaimQueue, AdminTutorClaims } from '../../features/tutors/components/admin-tutor-claims';
import { useAdminText } from '../../i18n/namespaces/admin';

const queues = ['pending', 'approved'] as const satisfies readonly AdminClaimQueue[];

/**
 * /admin/profile-claims: users asking to be a tutor's own account, approved or rejected here;
 * `?status=approved` lists the accounts that manage a profile, each of which can be released.
 */
export function ProfileClaimsRoute() {
  const { t } = useAdminText();
  useDocumentTitle(t('profileClaims.title'));
  const [searchParams] = useSearchParams();
  const queue: AdminClaimQueue = searchParams.get('status') === 'approved' ? 'approved' : 'pending';
  const counts: Record<AdminClaimQueue, number | undefined> = {
    pending: useAdminTutorClaims('pending').data?.items.length,
    approved: useAdminTutorClaims('approved').data?.items.length,
  };
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('profileClaims.title')}</h1>
        <p className="mt-1 text-slate-700">{t('profileClaims.intro')}</p>
      </div>
      <QueueTabs
        label={t('profileClaims.tabsLabel')}
        current={queue}
        tabs={queues.map((id) => ({
          id,
          label: t(`profileClaims.tabs.${id}`),
          to: id === 'pending' ? paths.admin.profileClaims : `${paths.admin.profileClaims}?status=approved`,
          count: counts[id],
          urgent: id === 'pending',
        }))}
      />
      <AdminTutorClaims key={queue} queue={queue} />
    </div>
  );
}

export { ProfileClaimsRoute as Component };
