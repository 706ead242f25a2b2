import { useLocation } from 'react-router';
import type { SitePages } from '../../shared/settings';
import { StandalonePage } from '../components/layout/standalone-page';
import { PlainText } from '../components/ui/plain-text';
import { paths } from '../config/paths';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { SitePageContent } from '../features/settings/components/site-page-content';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';

type PageText = 'privacyPolicy' | 'termsOfService';

const policies: Record<string, { title: string; text: PageText }> = {
  [paths.privacy]: { title: 'Privacy Policy', text: 'privacyPolicy' },
  [paths.terms]: { title: 'Terms of Service', text: 'termsOfService' },
};

/**
 * /privacy, /terms and /contact: the privacy policy, the terms of service and the contact
 * address an administrator wrote in Settings (one module for the three, loaded on demand).
 */
export function SitePageRoute() {
  const { pathname } = useLocation();
  const policy = policies[pathname];
  const title = policy?.title ?? 'Contact';
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
  return (
    <div className="space-y-4">
      <p>
        {siteName} is run by the administrators of this site. Write to them about a review, a tutor profile or your
        account:
      </p>
      <p className="text-lg font-semibold">
        <a
          href={`mailto:${email}`}
          className="break-all text-indigo-800 underline underline-offset-2 hover:text-indigo-950"
        >
          {email}
        </a>
      </p>
      <p>To flag a particular review, use its Report button: the report goes straight to them.</p>
    </div>
  );
}

export { SitePageRoute as Component };
