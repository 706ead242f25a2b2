import { useParams } from 'react-router';
import { TextLink } from '../../components/ui/text-link';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useTutor } from '../../features/tutors/api/get-tutor';
import { RateTutorLink } from '../../features/tutors/components/rate-tutor-link';
import { TutorProfileView } from '../../features/tutors/components/tutor-profile-view';

export function UserTutorProfileRoute() {
  const { tutorId } = useParams();
  // The same cached answer the profile shows: the tab carries the tutor's name once it is known.
  const { data } = useTutor(tutorId);
  useDocumentTitle(data?.tutor.name ?? 'Tutor Profile');

  return (
    <div className="space-y-4">
      <TextLink to={paths.user.tutors}>Back to tutors</TextLink>
      <TutorProfileView
        tutorId={tutorId}
        // Reviews are written for public tutors only; students never get edit or delete here.
        actions={(tutor) => (tutor.isPublic ? <RateTutorLink tutorId={tutor.id} /> : null)}
      />
    </div>
  );
}

export { UserTutorProfileRoute as Component };
