import { Spinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { ListLoadError } from '../../../components/lists/list-status';
import { useReviewsText } from '../../../i18n/namespaces/reviews';
import { useRecentReviews } from '../api/get-recent-reviews';
import { ReviewCard } from './review-card';

/** The dashboard's latest visible reviews, under a heading of level 2 that the page provides. */
export function RecentReviews() {
  const { t } = useReviewsText();
  const recent = useRecentReviews();

  if (recent.isPending) return <Spinner />;
  if (recent.isError) {
    return (
      <ListLoadError message={t('recent.failed')} onRetry={() => void recent.refetch()} retrying={recent.isFetching} />
    );
  }
  if (recent.data.items.length === 0) return <p className="text-slate-600">{t('recent.empty')}</p>;

  return (
    <div className="space-y-4">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {recent.data.items.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} headingLevel={3} />
          </li>
        ))}
      </ul>
      <p>
        <TextLink to={paths.user.allReviews}>{t('recent.seeAll')}</TextLink>
      </p>
    </div>
  );
}
