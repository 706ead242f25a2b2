import { useState } from 'react';
import toast from 'react-hot-toast';
import { REJECTION_REASON_MAX_LENGTH } from '../../../../shared/tutors-constants';
import type { TutorSummary } from '../../../../shared/tutors';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { RowMenu } from '../../../components/tables/row-menu';
import { errorMessage } from '../../../lib/api-client';
import { useApproveTutor } from '../api/approve-tutor';
import { useRejectTutor } from '../api/reject-tutor';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/**
 * Approve and Reject for a submission, in the queue and on its full profile. Reject asks for
 * the reason the submitter will read. Approve applies to pending and rejected tutors, Reject
 * to pending ones, as the API allows.
 */
export function TutorDecisionActions({
  tutor,
  onDecided,
  className = '',
  compact = false,
}: {
  tutor: Pick<TutorSummary, 'id' | 'name' | 'status'>;
  /** After a decision is saved, e.g. to move focus away from buttons about to disappear. */
  onDecided?: () => void;
  className?: string;
  /** In a queue's row: a small Approve, and Reject in the row's menu rather than a red button. */
  compact?: boolean;
}) {
  const { t } = useTutorsText();
  const approve = useApproveTutor();
  const reject = useRejectTutor();
  const [rejecting, setRejecting] = useState(false);
  const busy = approve.isPending || reject.isPending;

  if (tutor.status === 'approved') return null;

  function handleApprove() {
    approve.mutate(tutor.id, {
      onSuccess: () => {
        toast.success(t('decision.approvedToast'));
        onDecided?.();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function handleReject(reason: string) {
    reject.mutate(
      { tutorId: tutor.id, reason },
      {
        onSuccess: () => {
          setRejecting(false);
          toast.success(t('decision.rejectedToast'));
          onDecided?.();
        },
        // The dialog stays open with the reason, so it can be sent again.
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  const rejectDialog = (
    <ReasonDialog
      open={rejecting}
      title={t('decision.rejectTitle', { name: tutor.name })}
      description={t('decision.rejectDescription')}
      label={t('decision.reason')}
      confirmLabel={t('actions.reject')}
      busyLabel={t('actions.rejecting')}
      maxLength={REJECTION_REASON_MAX_LENGTH}
      busy={reject.isPending}
      onConfirm={handleReject}
      onCancel={() => setRejecting(false)}
    />
  );

  if (compact)
    return (
      <div className={`flex items-center justify-end gap-1 ${className}`}>
        <Button
          onClick={handleApprove}
          disabled={busy}
          aria-busy={approve.isPending || undefined}
          className="min-h-9 px-3 py-1"
        >
          {approve.isPending ? t('actions.approving') : t('actions.approve')}
          <span className="sr-only"> {tutor.name}</span>
        </Button>
        {tutor.status === 'pending' && (
          <>
            <RowMenu
              label={t('decision.moreActions', { name: tutor.name })}
              items={[{ label: t('actions.reject'), danger: true, onSelect: () => setRejecting(true) }]}
            />
            {rejectDialog}
          </>
        )}
      </div>
    );

  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <Button onClick={handleApprove} disabled={busy} aria-busy={approve.isPending || undefined}>
        {approve.isPending ? t('actions.approving') : t('actions.approve')}
        <span className="sr-only"> {tutor.name}</span>
      </Button>
      {tutor.status === 'pending' && (
        <>
          <Button variant="danger" onClick={() => setRejecting(true)} disabled={busy}>
            {t('actions.reject')}
            <span className="sr-only"> {tutor.name}</span>
          </Button>
          {rejectDialog}
        </>
      )}
    </div>
  );
}
