import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { TextAreaField } from '../forms/field';
import { DialogButtons } from './confirm-dialog';
import { ModalDialog } from './modal-dialog';

/**
 * Asks for a reason before an action (for example rejecting a submission). The reason is
 * required; an empty one is answered inline and focus stays in the text box. What was typed
 * survives a failed action, and is forgotten when the dialog closes.
 */
export function ReasonDialog({
  open,
  title,
  description,
  label = 'Reason',
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  requiredMessage = 'A reason is required.',
  maxLength,
  busy = false,
  variant = 'danger',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  label?: string;
  confirmLabel: string;
  cancelLabel?: string;
  busyLabel?: string;
  requiredMessage?: string;
  maxLength?: number;
  busy?: boolean;
  variant?: 'danger' | 'primary';
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  return (
    <ModalDialog
      open={open}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      initialFocus={textareaRef}
      dismissible={!busy}
      onCancel={onCancel}
    >
      <ReasonForm
        titleId={titleId}
        title={title}
        descriptionId={descriptionId}
        description={description}
        label={label}
        textareaRef={textareaRef}
        confirmLabel={busy && busyLabel ? busyLabel : confirmLabel}
        cancelLabel={cancelLabel}
        requiredMessage={requiredMessage}
        maxLength={maxLength}
        busy={busy}
        variant={variant}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </ModalDialog>
  );
}

// Mounted only while the dialog is open, so every opening starts with an empty reason.
function ReasonForm({
  titleId,
  title,
  descriptionId,
  description,
  label,
  textareaRef,
  confirmLabel,
  cancelLabel,
  requiredMessage,
  maxLength,
  busy,
  variant,
  onConfirm,
  onCancel,
}: {
  titleId: string;
  title: string;
  descriptionId: string;
  description?: ReactNode;
  label: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  confirmLabel: string;
  cancelLabel: string;
  requiredMessage: string;
  maxLength?: number;
  busy: boolean;
  variant: 'danger' | 'primary';
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(requiredMessage);
      textareaRef.current?.focus();
      return;
    }
    setError(null);
    onConfirm(trimmed);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="p-6">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && (
        <div id={descriptionId} className="mt-2 text-slate-700">
          {description}
        </div>
      )}
      <TextAreaField
        ref={textareaRef}
        className="mt-4"
        label={label}
        name="reason"
        required
        rows={4}
        maxLength={maxLength}
        value={reason}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          if (error && event.target.value.trim()) setError(null);
        }}
      />
      <DialogButtons confirmType="submit" confirmLabel={confirmLabel} cancelLabel={cancelLabel} variant={variant} busy={busy} onCancel={onCancel} />
    </form>
  );
}
