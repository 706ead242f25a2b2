import { type ReactNode, useId, useState } from 'react';
import type { Account } from '../../../../shared/account';
import { Button } from '../../../components/ui/button';
import { ChangeEmailDialog } from './change-email-dialog';
import { EditProfileDialog } from './edit-profile-dialog';
import { LeaveSection } from './leave-section';
import { SessionsSection } from './sessions-section';
import { UpdatePasswordDialog } from './update-password-dialog';

/**
 * The signed-in user's own profile: what the account holds, 'Edit Profile' and 'Update
 * Password'. The student's page leaves out what only administrators may do (changing the email
 * address); the admin's page has it.
 */
export function AccountProfile({
  account,
  title,
  audience,
}: {
  account: Account;
  title: string;
  audience: 'student' | 'admin';
}) {
  const headingId = useId();
  const [openDialog, setOpenDialog] = useState<'profile' | 'password' | 'email' | null>(null);
  const close = () => setOpenDialog(null);

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        <p className="mt-1 text-slate-700">The details of your account, and the way to change them or your password.</p>
      </div>

      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <dl className="divide-y divide-slate-100">
          <ProfileRow term="Name">{account.name}</ProfileRow>
          <ProfileRow term="Email">
            <span className="break-words">{account.email}</span>{' '}
            {account.emailVerified ? (
              <span className="ml-1 inline-flex rounded-full border border-green-300 bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-900">
                Verified
              </span>
            ) : (
              <span className="ml-1 inline-flex rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950">
                Not verified
              </span>
            )}
          </ProfileRow>
          <ProfileRow term="Phone">{account.phone ?? <span className="text-slate-600">Not given</span>}</ProfileRow>
          {audience === 'admin' && <ProfileRow term="Role">Administrator</ProfileRow>}
        </dl>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => setOpenDialog('profile')}>Edit Profile</Button>
          <Button variant="secondary" onClick={() => setOpenDialog('password')}>
            Update Password
          </Button>
          <Button variant="secondary" onClick={() => setOpenDialog('email')}>
            Change email
          </Button>
        </div>
      </div>

      <EditProfileDialog
        open={openDialog === 'profile'}
        account={account}
        canChangeEmail={audience === 'admin'}
        onClose={close}
      />
      <UpdatePasswordDialog open={openDialog === 'password'} email={account.email} onClose={close} />
      <ChangeEmailDialog open={openDialog === 'email'} onClose={close} />
      <SessionsSection />
      <LeaveSection email={account.email} />
    </section>
  );
}

function ProfileRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}
