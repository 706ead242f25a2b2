import { Link, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { TextLink } from '../components/ui/text-link';
import { paths } from '../config/paths';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';
import { useCommonText } from '../i18n/namespaces/common';

export function NotFoundRoute() {
  const { t } = useCommonText();
  useDocumentTitle(t('notFound.title'));
  const siteName = useSiteName();
  const navigate = useNavigate();
  // React Router numbers history entries; at 0 there is nothing inside the app to go back to.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3 sm:px-6">
          <Link to={paths.home} className="text-lg font-semibold tracking-tight text-indigo-800">
            {siteName}
          </Link>
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <p className="text-6xl font-semibold text-indigo-700">404</p>
        <h1 className="text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
        <p className="text-slate-700">{t('notFound.explanation')}</p>
        <div className="flex flex-wrap items-center justify-center gap-4">
          <Button onClick={() => (canGoBack ? navigate(-1) : navigate('/', { replace: true }))}>
            {t('notFound.goBack')}
          </Button>
          <TextLink to={paths.home}>{t('notFound.goHome')}</TextLink>
        </div>
      </main>
    </div>
  );
}

export { NotFoundRoute as Component };
