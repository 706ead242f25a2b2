import { type ReactNode, type Ref, type RefObject, type SyntheticEvent, useEffect, useId, useRef } from 'react';
import { buttonClasses } from './button';

/**
 * A modal built on the native <dialog> opened with showModal(): the browser makes the rest of
 * the page inert, traps focus inside and turns Escape into a "cancel" event. The parent owns
 * `open`; every way of closing (Escape, a button) goes through `onCancel` so the state and
 * the element never disagree. Focus goes back to whatever opened the dialog. The title (its
 * accessible name) and the description sit above `children`.
 */
export function ModalDialog({
  open,
  role = 'dialog',
  title,
  description,
  initialFocus,
  dismissible = true,
  onCancel,
  children,
}: {
  open: boolean;
  role?: 'dialog' | 'alertdialog';
  /** The dialog's heading and accessible name. */
  title: string;
  /** Read out with the title when the dialog opens. */
  description?: ReactNode;
  /** The element to focus when the dialog opens (otherwise the browser picks the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** False while an action runs: Escape then does nothing, so the outcome is not hidden. */
  dismissible?: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      restoreFocus(openerRef);
    }
  }, [open, initialFocus]);

  useEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      // Unmounted while open (for example after navigating away): leave no modal state behind.
      if (dialog?.open) dialog.close();
    };
  }, []);

  // React calls these with the props of the latest render, even for a close event that arrives
  // after the parent has re-rendered.
  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    if (dismissible) onCancel();
  }

  function handleClose() {
    // The close event arrives a moment after close(): by then the dialog may be open again.
    if (dialogRef.current?.open) return;
    // The browser may close the dialog on its own (a repeated Escape); keep the parent in step.
    if (open) {
      restoreFocus(openerRef);
      onCancel();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={handleCancel}
      onClose={handleClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-start font-normal text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-2 text-slate-700">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}

/** Gives focus back to whatever opened the dialog, if it is still in the page. */
function restoreFocus(openerRef: RefObject<Element | null>) {
  const opener = openerRef.current;
  openerRef.current = null;
  if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
}

/**
 * The confirm and cancel pair at the foot of a dialog; a submit button when inside a form.
 * While `busy`, both stay focusable (a disabled button would drop focus out of the dialog) but
 * do nothing, and the confirm button says `busyLabel`.
 */
export function DialogButtons({
  confirmRef,
  cancelRef,
  confirmLabel,
  busyLabel,
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
  /** What the confirm button says while the action runs (defaults to confirmLabel). */
  busyLabel?: string;
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
        // The button that carries out a destructive action is the one solid red on the screen.
        className={buttonClasses(
          variant === 'danger' ? 'danger-confirm' : variant,
          busy ? 'cursor-wait opacity-80' : '',
        )}
      >
        {busy && (
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
        )}
        {busy && busyLabel ? busyLabel : confirmLabel}
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
