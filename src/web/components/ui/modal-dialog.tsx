import { type ReactNode, type RefObject, type SyntheticEvent, useEffect, useRef } from 'react';

/**
 * A modal built on the native <dialog> opened with showModal(): the browser makes the rest of
 * the page inert, traps focus inside and turns Escape into a "cancel" event. The parent owns
 * `open`; every way of closing (Escape, a button) goes through `onCancel` so the state and
 * the element never disagree. Focus goes back to whatever opened the dialog.
 */
export function ModalDialog({
  open,
  role = 'dialog',
  labelledBy,
  describedBy,
  initialFocus,
  dismissible = true,
  onCancel,
  children,
}: {
  open: boolean;
  role?: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  /** The element to focus when the dialog opens (otherwise the browser picks the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** False while an action runs: Escape then does nothing, so the outcome is not hidden. */
  dismissible?: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  // Read by the native event handlers, which would otherwise see the props of an old render.
  const latest = useRef({ open, dismissible, onCancel });
  latest.current = { open, dismissible, onCancel };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      restoreFocus();
    }
  }, [open, initialFocus]);

  useEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      // Unmounted while open (for example after navigating away): leave no modal state behind.
      if (dialog?.open) dialog.close();
    };
  }, []);

  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    if (latest.current.dismissible) latest.current.onCancel();
  }

  function restoreFocus() {
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  }

  function handleClose() {
    // The close event arrives a moment after close(): by then the dialog may be open again.
    if (dialogRef.current?.open) return;
    // The browser may close the dialog on its own (a repeated Escape); keep the parent in step.
    if (latest.current.open) {
      restoreFocus();
      latest.current.onCancel();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={handleCancel}
      onClose={handleClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-left font-normal text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      {open && children}
    </dialog>
  );
}
