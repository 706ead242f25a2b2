import { lazy, type ReactNode, Suspense, useState } from 'react';

/**
 * The dialog is a form (and with it the schema library): it loads on the first opening, so the
 * moderation pages that offer it do not pay for it up front, as the report dialog does not.
 */
const ReasonFormDialog = lazy(() =>
  import('./reason-form-dialog').then((module) => ({ default: module.ReasonFormDialog })),
);

export interface ReasonDialogProps {
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
}

/**
 * Asks for a reason before an action (for example rejecting a submission). The reason is
 * required; an empty one is answered inline and focus stays in the text box. What was typed
 * survives a failed action, and is forgotten when the dialog closes.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  // Once loaded it stays, so closing the dialog gives the focus back as any dialog does.
  const [needed, setNeeded] = useState(false);
  if (props.open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ReasonFormDialog {...props} />
    </Suspense>
  );
}
