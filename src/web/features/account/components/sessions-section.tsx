import { useId } from 'react';
import toast from 'react-hot-toast';
import type { AccountSession } from '../../../../shared/account-lifecycle';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAccountSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'Your sessions': every browser signed in to the account, with a way to sign each out. */
export function SessionsSection() {
  const headingId = useId();
  const sessions = useAccountSessions();
  const revoke = useRevokeSession();
  const signOutOthers = useSignOutOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Your sessions
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Browsers signed in to your account. Sign out any you do not recognise, then change your password.
      </p>
      {sessions.isPending && <Spinner label="Loading your sessions..." />}
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
                onSuccess: () => toast.success('Session signed out'),
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
              onSuccess: () => toast.success('Signed out of all other sessions'),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          {signOutOthers.isPending ? 'Signing out...' : 'Sign out of all other sessions'}
        </Button>
      )}
    </section>
  );
}

function SessionRow({ session, busy, onSignOut }: { session: AccountSession; busy: boolean; onSignOut: () => void }) {
  const label = `${session.browser} on ${session.system}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {label}
          {session.current && (
            <span className="ml-2 inline-flex rounded-full border border-indigo-300 bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-900">
              This browser
            </span>
          )}
        </p>
        <p className="break-words text-slate-700">
          {session.clientAddress ?? 'Unknown address'} · Signed in{' '}
          {session.signedInWith === 'campus' ? 'with your university ' : ''}
          {dateTime.format(new Date(session.signedInAt))} · Last active{' '}
          {dateTime.format(new Date(session.lastActiveAt))}
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" className="min-h-10 shrink-0 px-3" disabled={busy} onClick={onSignOut}>
          {busy ? 'Signing out...' : 'Sign out'}
          <span className="sr-only"> {label}</span>
        </Button>
      )}
    </li>
  );
}
