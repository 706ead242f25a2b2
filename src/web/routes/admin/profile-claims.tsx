import { useSearchParams } from 'react-router';
import { QueueTabs } from '../../components/lists/queue-tabs';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useAdminTutorClaims } from '../../features/tutors/api/get-admin-tutor-claims';
import { type AdminClaimQueue, AdminTutorClaims } from '../../features/tutors/components/admin-tutor-claims';

const queues = [
  { id: 'pending', label: 'Waiting' },
  { id: 'approved', label: 'Approved' },
] as const satisfies readonly { id: AdminClaimQueue; label: string }[];

/**
 * /admin/profile-claims: users asking to be a tutor's own account, approved or rejected here;
 * `?status=approved` lists the accounts that manage a profile, each of which can be released.
 */
export function ProfileClaimsRoute() {
  useDocumentTitle('Profile Claims');
  const [searchParams] = useSearchParams();
  const queue: AdminClaimQueue = searchParams.get('status') === 'approved' ? 'approved' : 'pending';
  const counts: Record<AdminClaimQueue, number | undefined> = {
    pending: useAdminTutorClaims('pending').data?.items.length,
    approved: useAdminTutorClaims('approved').data?.items.length,
  };
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Profile Claims</h1>
        <p className="mt-1 text-slate-700">
          Users asking to manage a tutor&apos;s profile, oldest first. Check the requester&apos;s address before you
          approve: an approved account can respond to the profile&apos;s reviews. Release takes a profile back from its
          account.
        </p>
      </div>
      <QueueTabs
        label="Claim queues"
        current={queue}
        tabs={queues.map((item) => ({
          ...item,
          to: item.id === 'pending' ? paths.admin.profileClaims : `${paths.admin.profileClaims}?status=approved`,
          count: counts[item.id],
          urgent: item.id === 'pending',
        }))}
      />
      <AdminTutorClaims key={queue} queue={queue} />
    </div>
  );
}

export { ProfileClaimsRoute as Component };
