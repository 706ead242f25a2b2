import { Button, LinkButton } from './button';
import { useCommonText } from '../../i18n/namespaces/common';

/** Cancel (a link away) and the submit button, which is disabled and relabelled while busy. */
export function FormActions({
  cancelTo,
  submitLabel,
  busyLabel,
  busy,
  disabled = false,
}: {
  cancelTo: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Not ready to submit for another reason (for example a picture still uploading). */
  disabled?: boolean;
}) {
  const { t } = useCommonText();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <LinkButton to={cancelTo} variant="secondary">
        {t('cancel')}
      </LinkButton>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
