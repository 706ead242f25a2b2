import { type ReactNode, useRef } from 'react';
import { DialogButtons, ModalDialog } from './modal-dialog';
import { useCommonText } from '../../i18n/namespaces/common';

/**
 * Asks before something that cannot be undone. Focus starts on the cancel button for a
 * dangerous action, so a stray Enter does not delete anything.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
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
  const { t } = useCommonText();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  return (
    <ModalDialog
      open={open}
      role="alertdialog"
      title={title}
      description={description}
      initialFocus={variant === 'danger' ? cancelRef : confirmRef}
      dismissible={!busy}
      onCancel={onCancel}
    >
      <DialogButtons
        confirmRef={confirmRef}
        cancelRef={cancelRef}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        cancelLabel={cancelLabel ?? t('cancel')}
        variant={variant}
        busy={busy}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </ModalDialog>
  );
}
