import { Link } from 'react-router';
import { TextLink } from '../components/ui/text-link';
import { paths } from '../config/paths';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';

export function AboutRoute() {
  const siteName = useSiteName();
  useDocumentTitle('About');
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-4">
          <Link to={paths.home} className="text-lg font-bold text-indigo-800">
            {siteName}
          </Link>
          <TextLink to={paths.user.root} className="text-sm">
            Go to your dashboard
          </TextLink>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-10 text-slate-800">
        <section>
          <h1 className="text-3xl font-bold text-slate-900">About {siteName}</h1>
          <p className="mt-3">
            {siteName} helps university students find good tutors. Students browse tutor profiles, read star-rated reviews written by other
            students, write their own, and suggest tutors who are not listed yet.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold text-slate-900">Who can write reviews</h2>
          <p className="mt-2">
            Anyone with a verified university email address can write one review per tutor, and edit or delete it later. Ratings shown on a
            profile are the true average of its visible reviews.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold text-slate-900">How moderation works</h2>
          <p className="mt-2">
            New tutors suggested by students stay private until an administrator checks and approves them. Students can report a review
            that is spam, a personal attack or false; reports never hide a review on their own. An administrator reads each report and may
            hide or remove the review, and the author is told why.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold text-slate-900">Your data</h2>
          <p className="mt-2">
            {siteName} is run by your university on its own servers. Passwords are stored only as salted hashes, and uploaded pictures are
            stripped of location data.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold text-slate-900">Contact</h2>
          <p className="mt-2">Questions about a review or a tutor profile? Contact the site administrator through your university&apos;s help desk.</p>
        </section>
      </main>
    </div>
  );
}

export { AboutRoute as Component };
