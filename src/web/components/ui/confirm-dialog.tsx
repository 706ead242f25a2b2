import { type ReactNode, type Ref, useId, useRef } from 'react';
import { buttonClasses } from './button';
import { ModalDialog } from './modal-dialog';

/**
 * Asks before something that cannot be undone. Focus starts on the cancel button for a
 * dangerous action, so a stray Enter does not delete anything. While `busy`, both buttons stay
 * focusable (a disabled button would drop focus out of the dialog) but do nothing.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  onConfirm,
  onCancel,
  busy = false,
  variant = 'danger',
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** What the confirm button says while the action runs (defaults to confirmLabel). */
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  variant?: 'danger' | 'primary';
}) {
  const titleId = useId();
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  return (
    <ModalDialog
      open={open}
      role="alertdialog"
      labelledBy={titleId}
      describedBy={descriptionId}
      initialFocus={variant === 'danger' ? cancelRef : confirmRef}
      dismissible={!busy}
      onCancel={onCancel}
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div id={descriptionId} className="mt-2 text-slate-700">
          {description}
        </div>
        <DialogButtons
          confirmRef={confirmRef}
          cancelRef={cancelRef}
          confirmLabel={busy && busyLabel ? busyLabel : confirmLabel}
          cancelLabel={cancelLabel}
          variant={variant}
          busy={busy}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      </div>
    </ModalDialog>
  );
}

/** The confirm and cancel pair shared by the dialogs; a submit button when inside a form. */
export function DialogButtons({
  confirmRef,
  cancelRef,
  confirmLabel,
  cancelLabel,
  variant,
  busy,
  confirmType = 'button',
  onConfirm,
  onCancel,
}: {
  confirmRef?: Ref<HTMLButtonElement>;
  cancelRef?: Ref<HTMLButtonElement>;
  confirmLabel: string;
  cancelLabel: string;
  variant: 'danger' | 'primary';
  busy: boolean;
  confirmType?: 'button' | 'submit';
  onConfirm?: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
      <button
        ref={confirmRef}
        type={confirmType}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={(event) => {
          if (busy) {
            event.preventDefault();
            return;
          }
          onConfirm?.();
        }}
        className={buttonClasses(variant, busy ? 'cursor-wait opacity-80' : '')}
      >
        {busy && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
        {confirmLabel}
      </button>
      <button
        ref={cancelRef}
        type="button"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onCancel();
        }}
        className={buttonClasses('secondary', busy ? 'cursor-not-allowed opacity-60' : '')}
      >
        {cancelLabel}
      </button>
    </div>
  );
}
