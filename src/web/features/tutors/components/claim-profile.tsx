import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { TutorProfile } from '../../../../shared/tutors';
import { useMyTutorClaims } from '../api/get-my-tutor-claims';
import { translateMessage } from '../../../i18n/message-translator';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** The dialog is a form (and with it the schema library): it loads on the first opening. */
const ClaimDialog = lazy(() => import('./claim-profile-dialog').then((module) => ({ default: module.ClaimDialog })));

/**
 * On a public profile: 'Claim this profile' for a signed-in user who is not a tutor's account
 * yet, or where their claim stands (waiting, or rejected or released with the administrator's reason).
 */
export function ClaimProfile({ tutor }: { tutor: TutorProfile }) {
  const { t } = useTutorsText();
  const claims = useMyTutorClaims();
  const [open, setOpen] = useState(false);
  if (!tutor.isPublic || tutor.claimed || !claims.data) return null;
  // An account is the tutor of one profile at most.
  if (claims.data.items.some((claim) => claim.status === 'approved' && claim.tutor.id !== tutor.id)) return null;
  const latest = claims.data.items.find((claim) => claim.tutor.id === tutor.id);

  if (latest?.status === 'pending') {
    return (
      <p role="status" className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800">
        {t('claim.waiting')}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      {latest?.status === 'released' && (
        <div role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p className="font-semibold">{t('claim.released')}</p>
          {latest.rejectionReason && (
            <p className="mt-1 whitespace-pre-line break-words">
              {t('reason', { reason: translateMessage(latest.rejectionReason) })}
            </p>
          )}
        </div>
      )}
      {latest?.status === 'rejected' && (
        <div role="note" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">{t('claim.rejected')}</p>
          {latest.rejectionReason && (
            <p className="mt-1 whitespace-pre-line break-words">
              {t('reason', { reason: translateMessage(latest.rejectionReason) })}
            </p>
          )}
        </div>
      )}
      <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        {t('claim.title')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ClaimDialog tutor={tutor} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
