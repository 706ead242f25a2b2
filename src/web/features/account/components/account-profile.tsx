import { type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Account } from '../../../../shared/account';
import { CAMPUS_CONFIRMED_PARAM, CAMPUS_ERROR_PARAM, campusSignInFailureOf } from '../../../../shared/campus-sign-in';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAccountText } from '../../../i18n/namespaces/account';
import { ChangeEmailDialog } from './change-email-dialog';
import { EditProfileDialog } from './edit-profile-dialog';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { LeaveSection } from './leave-section';
import { confirmedUntilText } from './owner-proof';
import { AccountThemeControl } from './account-theme-control';
import { AccountLanguageSection } from './account-language-section';
import { IdentitiesSection } from './identities-section';
import { SessionsSection } from './sessions-section';
import { UpdatePasswordDialog } from './update-password-dialog';

/**
 * The signed-in user's own profile: what the account holds, 'Edit Profile', 'Update Password',
 * 'Change email', the linked university sign-ins and the sessions, each saying what it does to
 * the account's other doors. Students and administrators change their address the same way.
 */
export function AccountProfile({
  account,
  title,
  audience,
  security,
}: {
  account: Account;
  title: string;
  audience: 'student' | 'admin';
  /** The second factor's section, from its own feature. */
  security?: ReactNode;
}) {
  const { t } = useAccountText();
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
        <p className="mt-1 text-slate-700">{t('profile.intro')}</p>
      </div>
      {campusConfirmed && (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
          {t('profile.campusConfirmed', { time: confirmedUntilText(methods.campusConfirmedUntil!) })}
        </p>
      )}
      {campusFailure && <ErrorAlert>{t(`campusSignInFailures.${campusFailure}`)}</ErrorAlert>}

      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <dl className="divide-y divide-slate-100">
          <ProfileRow term={t('profile.name')}>{account.name}</ProfileRow>
          <ProfileRow term={t('profile.email')}>
            <span className="break-words">{account.email}</span>{' '}
            {account.emailVerified ? (
              <span className="ms-1 inline-flex rounded-full border border-green-300 bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-900">
                {t('profile.verified')}
              </span>
            ) : (
              <span className="ms-1 inline-flex rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950">
                {t('profile.notVerified')}
              </span>
            )}
          </ProfileRow>
          <ProfileRow term={t('profile.phone')}>
            {account.phone ?? <span className="text-slate-600">{t('profile.notGiven')}</span>}
          </ProfileRow>
          {audience === 'admin' && <ProfileRow term={t('profile.role')}>{t('profile.administrator')}</ProfileRow>}
          {methods?.campusLinked && (
            <ProfileRow term={t('profile.signIn')}>
              {methods.hasPassword ? t('profile.universityOrPassword') : t('profile.university')}
            </ProfileRow>
          )}
        </dl>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => setOpenDialog('profile')}>{t('profile.editProfile')}</Button>
          {methods?.hasPassword !== false && (
            <Button variant="secondary" onClick={() => setOpenDialog('password')}>
              {t('profile.updatePassword')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setOpenDialog('email')}>
            {t('profile.changeEmail')}
          </Button>
        </div>
      </div>

      <EditProfileDialog open={openDialog === 'profile'} account={account} onClose={close} />
      <UpdatePasswordDialog
        open={openDialog === 'password'}
        email={account.email}
        role={account.role}
        onClose={close}
      />
      <ChangeEmailDialog open={openDialog === 'email'} audience={audience} onClose={close} />
      <section
        aria-labelledby={appearanceId}
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id={appearanceId} className="text-lg font-semibold text-slate-900">
          {t('appearance.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('appearance.explanation')}</p>
        <AccountThemeControl account={account} className="mt-3" />
      </section>
      <AccountLanguageSection account={account} />
      <IdentitiesSection audience={audience} />
      {security}
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
