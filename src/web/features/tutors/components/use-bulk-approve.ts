import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { announceChange } from '../../../lib/data-changes';
import { errorMessage } from '../../../lib/api-client';
import { approveTutor } from '../api/approve-tutor';
import { tutorsText } from '../../../i18n/namespaces/tutors';

/**
 * Approves several submissions, each through its own request (each is checked, logged and its
 * submitter notified as for one). There is no Undo: the submitters and the department's
 * followers have been told, and a public tutor may already have reviews.
 */
export function useBulkApprove() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function approveAll(tutorIds: string[], onDone: () => void): Promise<void> {
    if (busy || tutorIds.length === 0) return;
    setBusy(true);
    let approved = 0;
    try {
      for (const tutorId of tutorIds) {
        try {
          await approveTutor(tutorId);
          approved++;
        } catch (error) {
          toast.error(errorMessage(error as Error));
        }
      }
      await announceChange(queryClient, 'tutors');
    } finally {
      setBusy(false);
    }
    onDone();
    if (approved > 0) toast.success(tutorsText('decision.bulkApprovedToast', { count: approved }));
  }

  return { busy, approveAll };
}
