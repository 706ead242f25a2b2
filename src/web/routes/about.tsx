import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SkipLink } from '../components/ui/skip-link';
import { TextLink } from '../components/ui/text-link';
import { paths } from '../config/paths';
import { useAccount } from '../lib/session';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { useSitePages } from '../features/settings/api/get-site-pages';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useCommonText } from '../i18n/namespaces/common';

export function AboutRoute() {
  const { t } = useCommonText();
  const siteName = useSiteName();
  const { account } = useAccount();
  useDocumentTitle(t('about.title'));
  const contactEmail = useSitePages().data?.contactEmail;
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-4">
          <Link to={paths.home} className="text-lg font-semibold text-indigo-800">
            {siteName}
          </Link>
          {account ? (
            <TextLink to={account.role === 'admin' ? paths.admin.root : paths.user.dashboard} className="text-sm">
              {t('standalonePage.dashboard')}
            </TextLink>
          ) : (
            <TextLink to={paths.login} className="text-sm">
              {t('standalonePage.login')}
            </TextLink>
          )}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-10 text-slate-800">
        <section>
          <h1 className="text-3xl font-semibold text-slate-900">{t('about.heading', { siteName })}</h1>
          <p className="mt-3">{t('about.intro', { siteName })}</p>
        </section>
        <AboutSection title={t('about.whoTitle')}>
          <p>{t('about.who')}</p>
        </AboutSection>
        <AboutSection title={t('about.moderationTitle')}>
          <ul className="list-disc space-y-2 ps-5">
            <li>{t('about.moderationSuggested')}</li>
            <li>{t('about.moderationReports')}</li>
            <li>{t('about.moderationHiding')}</li>
            <li>{t('about.moderationAi')}</li>
          </ul>
        </AboutSection>
        <AboutSection title={t('about.dataTitle')}>
          <p>{t('about.data')}</p>
        </AboutSection>
        <AboutSection title={t('about.contactTitle')}>
          <p>{t('about.contact', { siteName })}</p>
          {contactEmail && (
            <p className="mt-2">
              {t('about.address')}{' '}
              <a
                href={`mailto:${contactEmail}`}
                className="break-all font-medium text-indigo-800 underline underline-offset-2 hover:text-indigo-950"
              >
                {contactEmail}
              </a>
            </p>
          )}
        </AboutSection>
      </main>
    </div>
  );
}

function AboutSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

export { AboutRoute as Component };
