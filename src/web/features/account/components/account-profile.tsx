import { type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Account } from '../../../../shared/account';
import {
  CAMPUS_CONFIRMED_PARAM,
  CAMPUS_ERROR_PARAM,
  CAMPUS_SIGN_IN_FAILURE_MESSAGES,
  campusSignInFailureOf,
} from '../../../../shared/campus-sign-in';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChangeEmailDialog } from './change-email-dialog';
import { EditProfileDialog } from './edit-profile-dialog';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { LeaveSection } from './leave-section';
import { confirmedUntilText } from './owner-proof';
import { AccountThemeControl } from './account-theme-control';
import { AccountLanguageSection } from './account-language-section';
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
  const appearanceId = useId();
  const [openDialog, setOpenDialog] = useState<'profile' | 'password' | 'email' | null>(null);
  const close = () => setOpenDialog(null);
  const { data: methods } = useSignInMethods();
  const [searchParams] = useSearchParams();
  const campusConfirmed = searchParams.has(CAMPUS_CONFIRMED_PARAM) && methods?.campusConfirmedUntil;
  const campusFailure = campusSignInFailureOf(searchParams.get(CAMPUS_ERROR_PARAM));

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        <p className="mt-1 text-slate-700">The details of your account, and the way to change them or your password.</p>
      </div>
      {campusConfirmed && (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
          Your university confirmed it is you. Until {confirmedUntilText(methods.campusConfirmedUntil!)} you can change
          your email or delete your account without your password.
        </p>
      )}
      {campusFailure && <ErrorAlert>{CAMPUS_SIGN_IN_FAILURE_MESSAGES[campusFailure]}</ErrorAlert>}

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
          {methods?.campusLinked && (
            <ProfileRow term="Sign-in">
              {methods.hasPassword ? 'Your university account or your password' : 'Your university account'}
            </ProfileRow>
          )}
        </dl>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => setOpenDialog('profile')}>Edit Profile</Button>
          {methods?.hasPassword !== false && (
            <Button variant="secondary" onClick={() => setOpenDialog('password')}>
              Update Password
            </Button>
          )}
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
      <ChangeEmailDialog open={openDialog === 'email'} audience={audience} onClose={close} />
      <section
        aria-labelledby={appearanceId}
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id={appearanceId} className="text-lg font-semibold text-slate-900">
          Appearance
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Light, dark, or as your device is set: on every device you sign in to.
        </p>
        <AccountThemeControl account={account} className="mt-3" />
      </section>
      <AccountLanguageSection account={account} />
      <SessionsSection />
      <LeaveSection email={account.email} audience={audience} />
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
