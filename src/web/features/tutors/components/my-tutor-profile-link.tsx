import { LinkButton } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useMyTutorClaims } from '../api/get-my-tutor-claims';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** For a tutor's own account: the way to its profile's reviews, where it responds to them. */
export function MyTutorProfileLink() {
  const { t } = useTutorsText();
  const claims = useMyTutorClaims();
  const approved = claims.data?.items.find((claim) => claim.status === 'approved');
  if (!approved) return null;
  return (
    <LinkButton to={paths.user.tutorProfile(approved.tutor.id)} variant="secondary">
      {t('myProfileReviews')}
    </LinkButton>
  );
}
