import { StandalonePage } from '../components/layout/standalone-page';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { policyText, SitePageContent } from '../features/settings/components/site-page-content';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';

/** /terms: the terms of service an administrator wrote in Settings. */
export function TermsRoute() {
  useDocumentTitle('Terms of Service');
  return (
    <StandalonePage siteName={useSiteName()}>
      <SitePageContent title="Terms of Service" render={(pages) => policyText(pages.termsOfService)} />
    </StandalonePage>
  );
}

export { TermsRoute as Component };
