import { useState } from 'react';
import { Link, Navigate, NavLink, Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAccount } from '../../lib/session';
import { EmailNotVerified } from '../../features/auth/components/email-not-verified';
import { LogoutButton } from '../../features/auth/components/logout-button';
import {
  NotificationsMenuBadge,
  NotificationsNavLabel,
} from '../../features/notifications/components/notifications-nav-label';
import { useSiteName } from '../../features/settings/api/get-public-settings';

// "Add Tutor" only on the empty form: editing a submission (/user/tutorform/:id) belongs to My Tutors.
const navigation: { to: string; label: string; end?: boolean }[] = [
  { to: paths.user.dashboard, label: 'Dashboard' },
  { to: paths.user.tutors, label: 'Tutors' },
  { to: paths.user.allReviews, label: 'All Reviews' },
  { to: paths.user.myReviews, label: 'My Reviews' },
  { to: paths.user.myTutors, label: 'My Tutors' },
  { to: paths.user.tutorForm, label: 'Add Tutor', end: true },
  { to: paths.user.statistics, label: 'Statistics' },
  { to: paths.user.notifications, label: 'Notifications' },
  { to: paths.user.profile, label: 'Profile' },
];

// Nine links and Logout fit on one line only from the xl breakpoint; below it they sit behind Menu.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-3 py-2 xl:px-2.5 text-sm font-medium ${isActive ? 'bg-indigo-100 text-indigo-900' : 'text-slate-700 hover:bg-slate-100'}`;

export function UserLayout() {
  const { account, isPending } = useAccount();
  const siteName = useSiteName();
  const [menuOpen, setMenuOpen] = useState(false);

  if (isPending) return <Spinner />;
  if (!account) return <Navigate to={paths.home} replace />;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to={paths.home} className="text-lg font-bold text-indigo-800">
            {siteName}
          </Link>
          <button
            type="button"
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="user-navigation"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
            <NotificationsMenuBadge enabled={account.emailVerified} />
          </button>
          <nav
            id="user-navigation"
            aria-label="Main"
            className={`${menuOpen ? 'block' : 'hidden'} absolute inset-x-0 top-14 z-20 border-b border-slate-200 bg-white p-3 shadow xl:static xl:block xl:border-0 xl:p-0 xl:shadow-none`}
          >
            <ul className="flex flex-col gap-1 xl:flex-row xl:items-center">
              {navigation.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={navLinkClass} onClick={() => setMenuOpen(false)}>
                    {item.to === paths.user.notifications ? (
                      <NotificationsNavLabel enabled={account.emailVerified} />
                    ) : (
                      item.label
                    )}
                  </NavLink>
                </li>
              ))}
              <li>
                <LogoutButton className="block w-full whitespace-nowrap rounded-md px-3 py-2 xl:px-2.5 text-left text-sm font-medium text-red-800 hover:bg-red-50" />
              </li>
            </ul>
          </nav>
        </div>
      </header>
      {/* At least a screen tall: the footer starts below the fold, so content arriving never pushes it out of view (layout shift). */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        {account.emailVerified ? <Outlet /> : <EmailNotVerified email={account.email} />}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <nav
          aria-label="Footer"
          className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-5 text-sm text-slate-700"
        >
          <Link to={paths.about} className="hover:underline">
            About
          </Link>
          <Link to={paths.user.root} className="hover:underline">
            Contact
          </Link>
          <Link to={paths.user.root} className="hover:underline">
            Privacy Policy
          </Link>
          <Link to={paths.user.root} className="hover:underline">
            Terms of Service
          </Link>
          <span className="text-slate-600">
            © {new Date().getFullYear()} {siteName}
          </span>
        </nav>
      </footer>
    </div>
  );
}

export { UserLayout as Component };
