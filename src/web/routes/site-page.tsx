import { useLocation } from 'react-router';
import type { SitePages } from '../../shared/settings';
import { StandalonePage } from '../components/layout/standalone-page';
import { PlainText } from '../components/ui/plain-text';
import { paths } from '../config/paths';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { SitePageContent } from '../features/settings/components/site-page-content';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useCommonText } from '../i18n/namespaces/common';

type PageText = 'privacyPolicy' | 'termsOfService';

const policies: Record<string, { text: PageText }> = {
  [paths.privacy]: { text: 'privacyPolicy' },
  [paths.terms]: { text: 'termsOfService' },
};

/**
 * /privacy, /terms and /contact: the privacy policy, the terms of service and the contact
 * address an administrator wrote in Settings (one module for the three, loaded on demand).
 */
export function SitePageRoute() {
  const { t } = useCommonText();
  const { pathname } = useLocation();
  const policy = policies[pathname];
  const title = policy ? t(`nav.${policy.text}`) : t('sitePage.contactTitle');
  useDocumentTitle(title);
  const siteName = useSiteName();
  const render = (pages: SitePages) => {
    if (policy) {
      const text = pages[policy.text];
      return text && <PlainText text={text} />;
    }
    return pages.contactEmail && <ContactDetails siteName={siteName} email={pages.contactEmail} />;
  };
  return (
    <StandalonePage siteName={siteName}>
      <SitePageContent title={title} render={render} />
    </StandalonePage>
  );
}

function ContactDetails({ siteName, email }: { siteName: string; email: string }) {
  const { t } = useCommonText();
  return (
    <div className="space-y-4">
      <p>{t('sitePage.contactIntro', { siteName })}</p>
      <p className="text-lg font-semibold">
        <a
          href={`mailto:${email}`}
          className="break-all text-indigo-800 underline underline-offset-2 hover:text-indigo-950"
        >
          {email}
        </a>
      </p>
      <p>{t('sitePage.contactReport')}</p>
    </div>
  );
}

export { SitePageRoute as Component };
