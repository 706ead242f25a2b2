import { TUTOR_NOT_FOUND_MESSAGE } from '../../../../shared/tutors-constants';

/** What a missing, malformed or unknown tutor id shows (spec: 'No Teacher Record Found' / 'Invalid URL'). */
export function TutorNotFound() {
  return (
    <section className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">{TUTOR_NOT_FOUND_MESSAGE}</h1>
      <p className="mt-2 text-slate-600">Invalid URL</p>
    </section>
  );
}
