import { useTutorsText } from '../../i18n/namespaces/tutors';

/** 'Public Profile' or 'Private Profile', as on the spec's tutor profile. */
export function TutorVisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const { t } = useTutorsText();
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${
        isPublic ? 'border-indigo-300 bg-indigo-50 text-indigo-900' : 'border-slate-300 bg-slate-100 text-slate-800'
      }`}
    >
      {isPublic ? t('profile.public') : t('profile.private')}
    </span>
  );
}
