import type { ReactNode } from 'react';
import { apiPaths } from '../../../../shared/api-paths';
import type { SignInMethods } from '../../../../shared/campus-sign-in';
import { paths } from '../../../config/paths';
import { formatDateWith } from '../../../i18n/format';
import { useAccountText } from '../../../i18n/namespaces/account';

/** Where a confirmation through the university starts, coming back to this profile page. */
function confirmThroughCampusHref(returnTo: string): string {
  return `${apiPaths.campusSignInStart}?${new URLSearchParams({ intent: 'confirm', returnTo })}`;
}

export function confirmedUntilText(until: string): string {
  return formatDateWith(until, { hour: '2-digit', minute: '2-digit' });
}

/**
 * What proves the owner before something that cannot be undone: the current password, or a
 * campus sign-in of this session in the last few minutes. An account linked to its university
 * may ask the university instead; one with no password has only that way.
 */
export function OwnerProofField({
  methods,
  audience,
  passwordField,
}: {
  methods: SignInMethods | undefined;
  audience: 'student' | 'admin';
  /** The form's current-password field, shown unless the university has just confirmed the owner. */
  passwordField: ReactNode;
}) {
  const { t } = useAccountText();
  const profilePath = audience === 'admin' ? paths.admin.profile : paths.user.profile;
  if (methods?.campusConfirmedUntil) {
    return (
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
        {t('ownerProof.confirmed', { time: confirmedUntilText(methods.campusConfirmedUntil) })}
      </p>
    );
  }
  const campusLink = methods?.campusLinked && (
    <a
      href={confirmThroughCampusHref(profilePath)}
      className="text-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
    >
      {methods.hasPassword ? t('ownerProof.confirmInstead') : t('ownerProof.confirm')}
    </a>
  );
  if (methods && !methods.hasPassword) {
    return (
      <div className="space-y-2 text-sm text-slate-700">
        <p>{t('ownerProof.universityOnly')}</p>
        {campusLink}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {passwordField}
      {campusLink}
    </div>
  );
}
