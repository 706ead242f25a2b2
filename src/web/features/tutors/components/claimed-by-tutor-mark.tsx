import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** A small mark on a profile whose tutor's own account was approved. */
export function ClaimedByTutorMark() {
  const { t } = useTutorsText();
  return (
    <span className="inline-flex items-center rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
      {t('profile.claimedByTutor')}
    </span>
  );
}
