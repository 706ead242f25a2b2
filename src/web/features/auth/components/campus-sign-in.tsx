import { apiPaths } from '../../../../shared/api-paths';
import { CAMPUS_ERROR_PARAM, campusSignInFailureOf } from '../../../../shared/campus-sign-in';
import { ErrorAlert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { translateMessage } from '../../../i18n/message-translator';

/**
 * The university's sign-in: a plain link, since the browser itself must leave for the
 * provider's pages (the server answers with a redirect there).
 */
export function CampusSignInButton({ label }: { label: string }) {
  return (
    <a href={apiPaths.campusSignInStart} className={buttonClasses('primary', 'w-full')}>
      {/* The server's default label is English; one an administrator set is shown as written. */}
      {translateMessage(label)}
    </a>
  );
}

/** The line between the university's sign-in and the password form. */
export function SignInDivider({ children }: { children: string }) {
  return (
    <div className="my-5 flex items-center gap-3 text-sm text-slate-600">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      <span>{children}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/** Why the last campus sign-in did not sign in, from the `campusError` the server sent the browser back with. */
export function CampusSignInFailure({
  searchParams,
  signupDomains,
}: {
  searchParams: URLSearchParams;
  signupDomains: readonly string[];
}) {
  const { t } = useAuthText();
  const failure = campusSignInFailureOf(searchParams.get(CAMPUS_ERROR_PARAM));
  if (!failure) return null;
  // The shared module's English messages (CAMPUS_SIGN_IN_FAILURE_MESSAGES, signupDomainsMessage), translated.
  const message =
    failure === 'address_refused' && signupDomains.length > 0
      ? t('campusSignIn.signupDomains', { domains: signupDomains.map((domain) => `@${domain}`).join(', ') })
      : t(`campusSignIn.failures.${failure}`);
  return (
    <div className="mb-4">
      <ErrorAlert>{message}</ErrorAlert>
    </div>
  );
}
