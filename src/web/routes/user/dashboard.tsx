import { LinkButton } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useAccount } from '../../lib/session';
import { RecentReviews } from '../../features/reviews/components/recent-reviews';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { MyTutorProfileLink } from '../../features/tutors/components/my-tutor-profile-link';
import { useTutorsText } from '../../i18n/namespaces/tutors';

export function UserDashboardRoute() {
  const { t } = useTutorsText();
  const { account } = useAccount();
  useDocumentTitle(t('dashboard.title'));
  return (
    <div className="space-y-8">
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-medium text-slate-600">{t('dashboard.welcomeBack')}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-wide text-slate-900">{account?.name.toUpperCase()}</h1>
        <div className="mt-4 flex flex-wrap gap-2">
          <LinkButton to={paths.user.myReviews}>{t('dashboard.myReviews')}</LinkButton>
          <LinkButton to={paths.user.tutorForm} variant="secondary">
            {t('addTutor')}
          </LinkButton>
          <LinkButton to={paths.user.profile} variant="secondary">
            {t('dashboard.editProfile')}
          </LinkButton>
          <MyTutorProfileLink />
        </div>
      </section>
      <section aria-labelledby="recent-reviews" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="recent-reviews" className="text-lg font-semibold text-slate-900">
          {t('dashboard.recentReviews')}
        </h2>
        <div className="mt-4">
          <RecentReviews />
        </div>
      </section>
    </div>
  );
}

export { UserDashboardRoute as Component };
