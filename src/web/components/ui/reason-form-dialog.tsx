import { type RefObject, useRef } from 'react';
import { z } from 'zod';
import { FormTextAreaField } from '../forms/form-fields';
import { useAppForm } from '../forms/use-app-form';
import { DialogButtons, ModalDialog } from './modal-dialog';
import type { ReasonDialogProps } from './reason-dialog';
import { useCommonText } from '../../i18n/namespaces/common';

/** ReasonDialog's dialog and form, loaded on its first opening. */
export function ReasonFormDialog(props: ReasonDialogProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  return (
    <ModalDialog
      open={props.open}
      title={props.title}
      description={props.description}
      initialFocus={textareaRef}
      dismissible={!props.busy}
      onCancel={props.onCancel}
    >
      <ReasonForm {...props} textareaRef={textareaRef} />
    </ModalDialog>
  );
}

// Mounted only while the dialog is open, so every opening starts with an empty reason.
function ReasonForm({
  textareaRef,
  label,
  confirmLabel,
  cancelLabel,
  busyLabel,
  requiredMessage,
  maxLength,
  busy = false,
  variant = 'danger',
  onConfirm,
  onCancel,
}: ReasonDialogProps & { textareaRef: RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useCommonText();
  const form = useAppForm({
    schema: z.object({
      reason: z
        .string()
        .trim()
        .min(1, requiredMessage ?? t('reasonRequired')),
    }),
    defaultValues: { reason: '' },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ reason }) => {
        if (!busy) onConfirm(reason);
      })}
    >
      <FormTextAreaField
        control={form.control}
        name="reason"
        ref={textareaRef}
        className="mt-4"
        label={label ?? t('reason')}
        required
        rows={4}
        maxLength={maxLength}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        cancelLabel={cancelLabel ?? t('cancel')}
        variant={variant}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
