import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** What a missing, malformed or unknown tutor id shows (spec: 'No Teacher Record Found' / 'Invalid URL'). */
export function TutorNotFound() {
  const { t } = useTutorsText();
  return (
    <section className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-2 text-slate-600">{t('notFound.invalidUrl')}</p>
    </section>
  );
}
