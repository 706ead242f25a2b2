import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** Why the submit button is disabled for now. */
export function UploadingNote() {
  const { t } = useTutorsText();
  return <p className="text-end text-sm text-slate-700">{t('form.uploading')}</p>;
}
