import type { ComponentType, MouseEvent, ReactNode } from 'react';
import type { Account } from '../../../../shared/account';
import { buttonClasses } from '../../../components/ui/button-classes';
import { DeviceThemeSelect } from '../../../components/ui/device-theme-select';
import { LeanLanguageSelect } from '../../../components/ui/lean-language-select';
import { paths } from '../../../config/paths';
import { useTabTitle } from '../../../hooks/use-tab-title';
import { useLandingText } from '../../../i18n/namespaces/landing';
import { FeatureCards } from './feature-cards';

/**
 * How the page links elsewhere: React Router's Link inside the app, a plain anchor on the
 * landing page's own lean bundle (which loads no router).
 */
export type LinkComponent = ComponentType<{
  to: string;
  className?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}>;

/** The public front page; it knows nothing of where its site name and session come from. */
export function LandingPage({
  siteName,
  account,
  Link,
}: {
  siteName: string;
  account: Account | null | undefined;
  Link: LinkComponent;
}) {
  const { t } = useLandingText();
  useTabTitle(siteName);

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-indigo-50 to-slate-50">
      <header className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <span className="text-lg font-semibold tracking-tight text-indigo-800">{siteName}</span>
        {account ? (
          <Link to={account.role === 'admin' ? paths.admin.root : paths.user.root} className={buttonClasses()}>
            {t('header.goToConsole')}
          </Link>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <LeanLanguageSelect compact />
            <Link to={paths.signup} className={buttonClasses('secondary')}>
              {t('header.signUp')}
            </Link>
            <Link to={paths.login} className={buttonClasses()}>
              {t('header.login')}
            </Link>
          </div>
        )}
      </header>
      {/* The search and the cards sit in the middle of the screen, with no empty half-screen beneath them. */}
      <main
        id="main"
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col justify-center px-4 pt-6 pb-10 sm:px-6 sm:pb-16"
      >
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
            {t('hero.title', { siteName })}
          </h1>
          <p className="mt-4 text-lg text-slate-700">{t('hero.tagline')}</p>
          <TutorSearch signedIn={Boolean(account)} />
        </div>
        <div className="mt-10">
          <FeatureCards Link={Link} signedIn={Boolean(account)} />
        </div>
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600">
        <Link to={paths.about} className="underline-offset-2 hover:underline">
          {t('footer.about', { siteName })}
        </Link>
        {/* Signed in, the account's theme is chosen in the app. */}
        {account === null && <DeviceThemeSelect className="mt-4 justify-center" />}
      </footer>
    </div>
  );
}

/**
 * "Find a tutor or course": the results for a signed-in student; a visitor is asked to sign up
 * first (the list is for students). A plain GET form, so it works on the landing page's own
 * bundle, which loads no router.
 */
function TutorSearch({ signedIn }: { signedIn: boolean }) {
  const { t } = useLandingText();
  return (
    <form
      role="search"
      action={signedIn ? paths.user.tutors : paths.signup}
      method="get"
      className="mx-auto mt-8 flex max-w-xl flex-col gap-2 sm:flex-row"
    >
      <label htmlFor="landing-search" className="sr-only">
        {t('search.label')}
      </label>
      <input
        id="landing-search"
        name="q"
        type="search"
        placeholder={t('search.label')}
        className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-white px-4 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-600"
      />
      <button type="submit" className={buttonClasses('primary', 'min-h-11')}>
        {t('search.submit')}
      </button>
    </form>
  );
}
