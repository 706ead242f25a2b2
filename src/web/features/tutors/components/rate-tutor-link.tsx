import { LinkButton } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** The review form preselects the tutor named by `?tutorId=`. */
const rateTutorPath = (tutorId: string) => `${paths.user.submitReview()}?${new URLSearchParams({ tutorId })}`;

/** 'Rate the Tutor': opens the review form with this tutor chosen. */
export function RateTutorLink({
  tutorId,
  variant = 'primary',
}: {
  tutorId: string;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTutorsText();
  return (
    <LinkButton to={rateTutorPath(tutorId)} variant={variant}>
      {t('rateTheTutor')}
    </LinkButton>
  );
}
