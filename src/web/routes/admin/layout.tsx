import { useState } from 'react';
import { Link, Navigate, NavLink, Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { isAdmin, useAccount } from '../../features/auth/api/get-session';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { useSiteName } from '../../features/settings/api/get-public-settings';

const navigation = [
  { to: paths.admin.root, label: 'Dashboard', end: true },
  { to: paths.admin.users, label: 'Users' },
  { to: paths.admin.manageSubmissions, label: 'Manage Submissions' },
  { to: paths.admin.reviewManagement, label: 'Review Management' },
  { to: paths.admin.teacherProfileManagement, label: 'Teacher Profiles' },
  { to: paths.admin.teacherForm, label: 'Add Teacher' },
  { to: paths.admin.settings, label: 'Settings' },
  { to: paths.admin.profile, label: 'Profile' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-indigo-700 text-white' : 'text-indigo-100 hover:bg-indigo-800'}`;

export function AdminLayout() {
  const { account, isPending } = useAccount();
  const siteName = useSiteName();
  const [menuOpen, setMenuOpen] = useState(false);

  if (isPending) return <Spinner />;
  if (!account) return <Navigate to={paths.login} replace />;
  if (!isAdmin(account)) return <Navigate to={paths.home} replace />;

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <SkipLink />
      <div className="flex items-center justify-between bg-indigo-900 px-4 py-3 text-white lg:hidden">
        <span className="font-bold">Admin Panel</span>
        <button
          type="button"
          className="rounded-md border border-indigo-400 px-3 py-1.5 text-sm font-medium"
          aria-expanded={menuOpen}
          aria-controls="admin-panel"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
      </div>
      <aside
        id="admin-panel"
        aria-label="Admin Panel"
        className={`${menuOpen ? 'block' : 'hidden'} bg-indigo-900 text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col`}
      >
        <div className="hidden px-5 py-5 lg:block">
          <h2 className="text-xl font-bold">Admin Panel</h2>
          <p className="text-sm text-indigo-200">{siteName}</p>
        </div>
        <nav aria-label="Admin" className="flex-1 px-3 pb-3">
          <ul className="space-y-1">
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navLinkClass} onClick={() => setMenuOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-1 border-t border-indigo-800 px-3 py-3">
          <Link to={paths.home} className="block rounded-md px-3 py-2 text-sm font-medium text-indigo-100 hover:bg-indigo-800">
            Help
          </Link>
          <LogoutButton className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-indigo-100 hover:bg-indigo-800" />
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-8">
        <Outlet />
      </main>
    </div>
  );
}

export { AdminLayout as Component };
