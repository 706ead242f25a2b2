import { useId } from 'react';
import type { Account } from '../../../../shared/account';
import { useLanguagesText } from '../../../i18n/namespaces/languages';
import { AccountLanguageControl } from './account-language-control';

/** Profile's 'Language': the account's language, for the site and its mails, on every device. */
export function AccountLanguageSection({ account }: { account: Account }) {
  const headingId = useId();
  const { t } = useLanguagesText();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('profile.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('profile.description')}</p>
      <AccountLanguageControl account={account} className="mt-3" />
    </section>
  );
}
