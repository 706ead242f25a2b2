import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { SIMILAR_NAME_MIN_LENGTH, useSimilarTutors } from '../api/get-similar-tutors';
import { TutorStatusBadge } from './tutor-status-badge';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

const TYPING_PAUSE_MS = 400;

/**
 * "This tutor may already exist": tutors with a similar name (same department first) while a
 * name is typed, so the same person is not submitted twice. Only a hint: it never blocks the
 * form. Links open in a new tab so nothing typed so far is lost.
 */
export function SimilarTutorsHint({
  name,
  department,
  excludeId,
  profilePath,
}: {
  name: string;
  department: string;
  /** The tutor being edited, which is not its own duplicate. */
  excludeId?: string;
  profilePath: (tutorId: string) => string;
}) {
  const { t } = useTutorsText();
  const headingId = useId();
  const debouncedName = useDebouncedValue(name, TYPING_PAUSE_MS);
  const debouncedDepartment = useDebouncedValue(department, TYPING_PAUSE_MS);
  const similar = useSimilarTutors({ name: debouncedName, department: debouncedDepartment, excludeId });
  // Placeholder data keeps the previous answer while typing; hide it once the name is too short.
  const longEnough =
    name.trim().length >= SIMILAR_NAME_MIN_LENGTH && debouncedName.trim().length >= SIMILAR_NAME_MIN_LENGTH;
  const items = longEnough && similar.data ? similar.data.items : [];

  return (
    // Present from the start so screen readers announce the hint when it appears.
    <div aria-live="polite">
      {items.length > 0 && (
        <section
          aria-labelledby={headingId}
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <h2 id={headingId} className="font-semibold">
            {t('similar.heading')}
          </h2>
          <ul className="mt-2 space-y-2">
            {items.map((tutor) => (
              <li key={tutor.id} className="flex items-center gap-3">
                <HintPicture thumbnailUrl={tutor.image?.thumbnailUrl} />
                <div className="min-w-0">
                  <Link
                    to={profilePath(tutor.id)}
                    target="_blank"
                    rel="noopener"
                    className="break-words font-semibold text-indigo-800 underline underline-offset-2 hover:text-indigo-950"
                  >
                    {tutor.name}
                    <span className="sr-only">{t('similar.newTab')}</span>
                  </Link>
                  <p className="break-words text-amber-900">{tutor.department}</p>
                </div>
                {tutor.status !== 'approved' && <TutorStatusBadge status={tutor.status} />}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * Decorative: the link beside it says the name. Deliberately without a label of its own, so the
 * form's one control labelled "picture" stays the picture upload.
 */
function HintPicture({ thumbnailUrl }: { thumbnailUrl: string | undefined }) {
  // A picture that cannot be loaded (the store unreachable) leaves the plain circle.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  return thumbnailUrl && failedUrl !== thumbnailUrl ? (
    <img
      src={thumbnailUrl}
      onError={() => setFailedUrl(thumbnailUrl)}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      className="h-10 w-10 shrink-0 rounded-full bg-slate-200 object-cover"
    />
  ) : (
    <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded-full bg-slate-200" />
  );
}
