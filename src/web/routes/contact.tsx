import { StandalonePage } from '../components/layout/standalone-page';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { SitePageContent } from '../features/settings/components/site-page-content';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';

/** /contact: the address an administrator set in Settings. */
export function ContactRoute() {
  useDocumentTitle('Contact');
  const siteName = useSiteName();
  return (
    <StandalonePage siteName={siteName}>
      <SitePageContent
        title="Contact"
        render={({ contactEmail }) =>
          contactEmail && (
            <div className="space-y-4">
              <p>
                {siteName} is run by the administrators of this site. Write to them about a review, a tutor profile or
                your account:
              </p>
              <p className="text-lg font-semibold">
                <a
                  href={`mailto:${contactEmail}`}
                  className="break-all text-indigo-800 underline underline-offset-2 hover:text-indigo-950"
                >
                  {contactEmail}
                </a>
              </p>
              <p>To flag a particular review, use its Report button: the report goes straight to them.</p>
            </div>
          )
        }
      />
    </StandalonePage>
  );
}

export { ContactRoute as Component };
