import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DeviceThemeSelect } from '../components/ui/device-theme-select';
import { DeviceLanguageControl } from '../components/ui/device-language-control';
import { paths } from '../config/paths';
import { useSiteName } from '../features/settings/api/get-public-settings';

/** The centred card that login, sign-up and verification share. */
export function AuthPage({ title, children }: { title?: string; children: ReactNode }) {
  const siteName = useSiteName();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-indigo-50 to-slate-50 px-4 py-10">
      <header className="mb-6">
        <Link to={paths.home} className="text-xl font-semibold text-indigo-800">
          {siteName}
        </Link>
      </header>
      <main id="main" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {title && <h1 className="mb-6 text-center text-2xl font-semibold text-slate-900">{title}</h1>}
        {children}
      </main>
      <footer className="mt-6">
        <DeviceThemeSelect />
        <DeviceLanguageControl className="mt-3" />
      </footer>
    </div>
  );
}
