import type { ReactNode } from 'react';
import type { TutorProfile } from '../../../../shared/tutors';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { isTutorId } from '../../../../shared/tutors-constants';
import { useTutor } from '../api/get-tutor';
import { TutorNotFound } from './tutor-not-found';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/**
 * Loads the tutor a page works on (a profile, an edit form) and renders `children` with it; an
 * id that names no tutor the viewer may see gets 'No Teacher Record Found' / 'Invalid URL'.
 */
export function TutorGate({
  tutorId,
  children,
}: {
  tutorId: string | undefined;
  children: (tutor: TutorProfile) => ReactNode;
}) {
  const { t } = useTutorsText();
  const tutor = useTutor(tutorId);
  if (!isTutorId(tutorId)) return <TutorNotFound />;
  if (tutor.isPending) return <Spinner />;
  if (tutor.isError) {
    // The API answers a tutor the viewer may not see exactly like an unknown one.
    if (tutor.error instanceof ApiRequestError && tutor.error.status === 404) return <TutorNotFound />;
    return (
      <ErrorAlert>
        <p>{t('loadError')}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void tutor.refetch()}>
          {t('actions.tryAgain')}
        </Button>
      </ErrorAlert>
    );
  }
  return children(tutor.data.tutor);
}
