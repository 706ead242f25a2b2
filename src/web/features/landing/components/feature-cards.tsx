import { BellIcon, ChartIcon, DashboardIcon, UserPlusIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import type { LinkComponent } from './landing-page';

const features = [
  {
    title: 'User Dashboard',
    description: 'Manage your submissions and reviews easily.',
    to: paths.user.dashboard,
    Icon: DashboardIcon,
  },
  {
    title: 'Add Teacher',
    description: 'Submit new teacher records for review.',
    to: paths.user.addTeacher,
    Icon: UserPlusIcon,
  },
  {
    title: 'Statistics',
    description: 'View analytics of your submissions and reviews.',
    to: paths.user.statistics,
    Icon: ChartIcon,
  },
  {
    title: 'Notifications',
    description: 'Stay updated with the latest submissions.',
    to: paths.user.notifications,
    Icon: BellIcon,
  },
] as const;

export function FeatureCards({ Link }: { Link: LinkComponent }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {features.map((feature) => (
        <li key={feature.title}>
          <Link
            to={feature.to}
            className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md"
          >
            <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700">
              <feature.Icon className="h-6 w-6" />
            </span>
            <h2 className="mt-3 text-lg font-semibold text-slate-900">{feature.title}</h2>
            <p className="mt-1 text-slate-700">{feature.description}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
