import { useState } from 'react';
import { Trans } from 'react-i18next';
import { BellIcon } from '../../../components/ui/icons/bell-icon';
import { ChartIcon } from '../../../components/ui/icons/chart-icon';
import { DashboardIcon } from '../../../components/ui/icons/dashboard-icon';
import { UserPlusIcon } from '../../../components/ui/icons/user-plus-icon';
import { paths } from '../../../config/paths';
import { useLandingText } from '../../../i18n/namespaces/landing';
import type { LinkComponent } from './landing-page';

const features = [
  {
    key: 'dashboard',
    to: paths.user.dashboard,
    Icon: DashboardIcon,
  },
  {
    key: 'addTeacher',
    to: paths.user.addTeacher,
    Icon: UserPlusIcon,
  },
  {
    key: 'statistics',
    to: paths.user.statistics,
    Icon: ChartIcon,
  },
  {
    key: 'notifications',
    to: paths.user.notifications,
    Icon: BellIcon,
  },
] as const;

/**
 * The spec's four cards. Each leads into the student area, which only a signed-in student can
 * enter: for a visitor, a click says so and offers to log in or sign up, rather than the area
 * sending them back here without a word.
 */
export function FeatureCards({ Link, signedIn }: { Link: LinkComponent; signedIn: boolean }) {
  const { t } = useLandingText();
  const [needsLogin, setNeedsLogin] = useState<string | null>(null);
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => (
          <li key={feature.key}>
            <Link
              to={feature.to}
              onClick={(event) => {
                if (signedIn) return;
                event.preventDefault();
                setNeedsLogin(t(`features.${feature.key}.title`));
              }}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md"
            >
              <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700">
                <feature.Icon className="h-5 w-5" />
              </span>
              <h2 className="mt-3 text-base font-semibold text-slate-900">{t(`features.${feature.key}.title`)}</h2>
              <p className="mt-1 text-sm text-slate-700">{t(`features.${feature.key}.description`)}</p>
            </Link>
          </li>
        ))}
      </ul>
      <div role="status" className="mt-4 min-h-6 text-center text-sm text-slate-800">
        {needsLogin && (
          <p className="inline-block rounded-lg border border-indigo-200 bg-white px-4 py-2 shadow-sm">
            <Trans
              t={t}
              i18nKey="features.needsLogin"
              values={{ feature: needsLogin }}
              components={{
                login: (
                  <Link to={paths.login} className="font-semibold text-indigo-700 underline underline-offset-2">
                    {null}
                  </Link>
                ),
                signup: (
                  <Link to={paths.signup} className="font-semibold text-indigo-700 underline underline-offset-2">
                    {null}
                  </Link>
                ),
              }}
            />
          </p>
        )}
      </div>
    </>
  );
}
