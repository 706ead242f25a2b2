import { StandalonePage } from '../components/layout/standalone-page';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { policyText, SitePageContent } from '../features/settings/components/site-page-content';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';

/** /privacy: the privacy policy an administrator wrote in Settings. */
export function PrivacyRoute() {
  useDocumentTitle('Privacy Policy');
  return (
    <StandalonePage siteName={useSiteName()}>
      <SitePageContent title="Privacy Policy" render={(pages) => policyText(pages.privacyPolicy)} />
    </StandalonePage>
  );
}

export { PrivacyRoute as Component };
