import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { AdminTutorClaims } from '../../features/tutors/components/admin-tutor-claims';

/** /admin/profile-claims: users asking to be a tutor's own account, approved or rejected here. */
export function ProfileClaimsRoute() {
  useDocumentTitle('Profile Claims');
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Profile Claims</h1>
        <p className="mt-1 text-slate-700">
          Users asking to manage a tutor&apos;s profile, oldest first. Check the requester&apos;s address before you
          approve: an approved account can respond to the profile&apos;s reviews.
        </p>
      </div>
      <AdminTutorClaims />
    </div>
  );
}

export { ProfileClaimsRoute as Component };
