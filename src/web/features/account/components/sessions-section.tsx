import { useId } from 'react';
import toast from 'react-hot-toast';
import type { AccountSession } from '../../../../shared/account-lifecycle';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../i18n/format';
import { useAccountText } from '../../../i18n/namespaces/account';
import { errorMessage } from '../../../lib/api-client';
import { useAccountSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';

/** 'Your sessions': every browser signed in to the account, with a way to sign each out. */
export function SessionsSection() {
  const { t } = useAccountText();
  const headingId = useId();
  const sessions = useAccountSessions();
  const revoke = useRevokeSession();
  const signOutOthers = useSignOutOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('sessions.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('sessions.explanation')}</p>
      <p className="mt-1 text-sm text-slate-700">{t('sessions.signOutOthersExplanation')}</p>
      {sessions.isPending && <Spinner label={t('sessions.loading')} />}
      {sessions.isError && (
        <p role="alert" className="mt-3 text-red-800">
          {errorMessage(sessions.error)}
        </p>
      )}
      <ul className="mt-4 divide-y divide-slate-100">
        {list.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            busy={revoke.isPending && revoke.variables === session.id}
            onSignOut={() =>
              revoke.mutate(session.id, {
                onSuccess: () => toast.success(t('sessions.signedOut')),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          />
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          variant="secondary"
          className="mt-4"
          disabled={signOutOthers.isPending}
          onClick={() =>
            signOutOthers.mutate(undefined, {
              onSuccess: () => toast.success(t('sessions.signedOutOthers')),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          {signOutOthers.isPending ? t('sessions.signingOut') : t('sessions.signOutOthers')}
        </Button>
      )}
    </section>
  );
}

function SessionRow({ session, busy, onSignOut }: { session: AccountSession; busy: boolean; onSignOut: () => void }) {
  const { t } = useAccountText();
  const label = t('sessions.browserOn', { browser: session.browser, system: session.system });
  const details = {
    address: session.clientAddress ?? t('sessions.unknownAddress'),
    signedInAt: formatDateTime(session.signedInAt),
    lastActiveAt: formatDateTime(session.lastActiveAt),
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {label}
          {session.current && (
            <span className="ms-2 inline-flex rounded-full border border-indigo-300 bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-900">
              {t('sessions.thisBrowser')}
            </span>
          )}
        </p>
        <p className="break-words text-slate-700">
          {session.signedInWith === 'campus' ? t('sessions.detailsCampus', details) : t('sessions.details', details)}
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" className="min-h-10 shrink-0 px-3" disabled={busy} onClick={onSignOut}>
          {busy ? t('sessions.signingOut') : t('sessions.signOut')}
          <span className="sr-only"> {label}</span>
        </Button>
      )}
    </li>
  );
}
