import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { useDocumentTitle } from '../features/settings/hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  const navigate = useNavigate();
  // React Router numbers history entries; at 0 there is nothing inside the app to go back to.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-extrabold text-indigo-700">404</p>
      <h1 className="text-2xl font-bold text-slate-900">Page Not Found</h1>
      <p className="text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Button onClick={() => (canGoBack ? navigate(-1) : navigate('/', { replace: true }))}>Go Back</Button>
    </main>
  );
}

export { NotFoundRoute as Component };
