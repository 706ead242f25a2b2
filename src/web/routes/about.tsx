import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SkipLink } from '../components/ui/skip-link';
import { TextLink } from '../components/ui/text-link';
import { paths } from '../config/paths';
import { useAccount } from '../lib/session';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { useSitePages } from '../features/settings/api/get-site-pages';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';

export function AboutRoute() {
  const siteName = useSiteName();
  const { account } = useAccount();
  useDocumentTitle('About');
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
              Go to your dashboard
            </TextLink>
          ) : (
            <TextLink to={paths.login} className="text-sm">
              Login
            </TextLink>
          )}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-10 text-slate-800">
        <section>
          <h1 className="text-3xl font-semibold text-slate-900">About {siteName}</h1>
          <p className="mt-3">
            {siteName} helps university students find good tutors. Students browse tutor profiles, read star-rated
            reviews written by other students, write their own, and suggest tutors who are not listed yet.
          </p>
        </section>
        <AboutSection title="Who can write reviews">
          <p>
            Anyone with a verified email address can write one review per tutor, and edit or delete it later. The
            administrators of this site may limit sign-up to university email addresses. The rating shown on a profile
            is the true average of its visible reviews.
          </p>
        </AboutSection>
        <AboutSection title="How moderation works">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              Tutors suggested by students stay private until an administrator checks them. An approved tutor becomes
              public; a rejected one stays private, and the student is told why and can correct the suggestion.
            </li>
            <li>
              Students can report a review that is spam, a personal attack or false. A report never hides a review on
              its own: an administrator reads it and decides.
            </li>
            <li>
              An administrator may hide a review (it leaves the tutor&apos;s profile and no longer counts towards the
              rating) or delete it, and always gives a reason. The author gets a notification with that reason, and
              another one if a hidden review is shown again.
            </li>
            <li>
              Students may have an AI writing helper draft the text of a review. Such reviews carry an
              &ldquo;AI-assisted&rdquo; badge, and their authors remain responsible for what they say.
            </li>
          </ul>
        </AboutSection>
        <AboutSection title="Your data">
          <p>
            Passwords are stored only as salted hashes, never in readable form. Uploaded pictures are re-encoded, which
            removes location data and other hidden details.
          </p>
        </AboutSection>
        <AboutSection title="Contact">
          <p>
            {siteName} is run and moderated by the administrators of this site. Please contact them with any question
            about a review, a tutor profile or your account. To flag a particular review, use its Report button: the
            report goes straight to them.
          </p>
          {contactEmail && (
            <p className="mt-2">
              Their address:{' '}
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
