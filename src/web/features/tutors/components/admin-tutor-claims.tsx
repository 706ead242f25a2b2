import { type ReactNode, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Trans } from 'react-i18next';
import { REJECTION_REASON_MAX_LENGTH } from '../../../../shared/tutors-constants';
import type { AdminTutorClaim } from '../../../../shared/tutor-side';
import { EmptyList, ListLoadError } from '../../../components/lists/list-status';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../i18n/format';
import { useTutorsText } from '../../../i18n/namespaces/tutors';
import { useApproveTutorClaim } from '../api/approve-tutor-claim';
import { useAdminTutorClaims } from '../api/get-admin-tutor-claims';
import { useRejectTutorClaim } from '../api/reject-tutor-claim';
import { useReleaseTutorClaim } from '../api/release-tutor-claim';

/** The claims an administrator works on: those waiting for a decision, and those approved (to release). */
export type AdminClaimQueue = 'pending' | 'approved';

/**
 * The claims waiting for a decision, oldest first: who asks (with their address, whether it is
 * verified, and its domain), which profile, and what they wrote. Approve, or Reject with a reason.
 * Approved ones, newest first, can be released: the account no longer manages the profile.
 */
export function AdminTutorClaims({ queue }: { queue: AdminClaimQueue }) {
  const { t } = useTutorsText();
  const claims = useAdminTutorClaims(queue);
  const listRef = useRef<HTMLDivElement>(null);
  // A decided claim leaves the list with its buttons: focus goes back to the top of the queue.
  const focusList = () => listRef.current?.focus();

  if (claims.isPending) return <Spinner label={t('adminClaims.loading')} />;
  if (claims.isError)
    return (
      <ListLoadError message={t('loadError')} onRetry={() => void claims.refetch()} retrying={claims.isFetching} />
    );
  return (
    <div ref={listRef} tabIndex={-1} className="focus:outline-none">
      {claims.data.items.length === 0 ? (
        <EmptyList message={queue === 'pending' ? t('adminClaims.emptyPending') : t('adminClaims.emptyApproved')} />
      ) : (
        <ul aria-label={t('adminClaims.listLabel')} className="space-y-3">
          {claims.data.items.map((claim) => (
            <li key={claim.id}>
              <ClaimCard claim={claim}>
                {queue === 'pending' ? (
                  <DecideClaim claim={claim} onDecided={focusList} />
                ) : (
                  <ReleaseClaim claim={claim} onDecided={focusList} />
                )}
              </ClaimCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ClaimCard({ claim, children }: { claim: AdminTutorClaim; children: ReactNode }) {
  const { t } = useTutorsText();
  const headingId = useId();
  const { requester } = claim;
  // Childless: Trans fills it with the tutor's name from the sentence. (Not named <link>: Trans
  // parses the sentence as HTML, where <link> is a void element and would be left empty.)
  const tutorLink = <TextLink to={paths.admin.teacherFullProfile(claim.tutor.id)} />;

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-60 space-y-1">
          <h2 id={headingId} className="font-semibold break-words text-slate-900">
            {claim.status === 'approved' ? (
              <Trans
                t={t}
                i18nKey="adminClaims.manages"
                values={{ name: requester.name, tutor: claim.tutor.name }}
                components={{ profile: tutorLink }}
              />
            ) : (
              <Trans
                t={t}
                i18nKey="adminClaims.claims"
                values={{ name: requester.name, tutor: claim.tutor.name }}
                components={{ profile: tutorLink }}
              />
            )}
          </h2>
          <p className="text-sm break-all text-slate-800">
            {requester.email}{' '}
            <span
              className={`ms-1 inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold ${
                requester.emailVerified
                  ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
                  : 'border-amber-300 bg-amber-50 text-amber-950'
              }`}
            >
              {requester.emailVerified ? t('adminClaims.verified') : t('adminClaims.notVerified')}
            </span>
          </p>
          <p className="text-sm text-slate-700">
            <Trans
              t={t}
              i18nKey="adminClaims.domainAsked"
              values={{ domain: requester.emailDomain, date: formatDateTime(claim.createdAt) }}
              components={{
                domain: <span className="font-medium text-slate-900" />,
                time: <time dateTime={claim.createdAt} />,
              }}
            />
            {claim.status === 'approved' && claim.decidedAt && (
              <Trans
                t={t}
                i18nKey="adminClaims.approvedOn"
                values={{ date: formatDateTime(claim.decidedAt) }}
                components={{ time: <time dateTime={claim.decidedAt} /> }}
              />
            )}
          </p>
          {claim.status === 'pending' && claim.tutorClaimedBy && (
            <p role="note" className="text-sm text-red-800">
              {t('adminClaims.alreadyHeld', { name: claim.tutorClaimedBy.name })}
            </p>
          )}
        </div>
        {children}
      </div>
      {claim.message && (
        <blockquote className="mt-3 border-s-4 border-slate-300 ps-3 text-sm whitespace-pre-line break-words text-slate-800">
          {claim.message}
        </blockquote>
      )}
    </article>
  );
}

/** Approve, or Reject with a reason the requester is told. */
function DecideClaim({ claim, onDecided }: { claim: AdminTutorClaim; onDecided: () => void }) {
  const { t } = useTutorsText();
  const approve = useApproveTutorClaim();
  const reject = useRejectTutorClaim();
  const [rejecting, setRejecting] = useState(false);
  const { requester } = claim;
  const onError = (error: Error) => toast.error(errorMessage(error));

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        disabled={approve.isPending}
        aria-busy={approve.isPending || undefined}
        aria-label={t('adminClaims.approveLabel', { name: requester.name })}
        onClick={() =>
          // A promise, not mutate's callbacks: the claim leaves the list (and this card) before it settles.
          approve.mutateAsync(claim.id).then(() => {
            toast.success(t('adminClaims.approvedToast', { name: requester.name, tutor: claim.tutor.name }));
            onDecided();
          }, onError)
        }
      >
        {approve.isPending ? t('actions.approving') : t('actions.approve')}
      </Button>
      <Button
        variant="danger"
        aria-label={t('adminClaims.rejectLabel', { name: requester.name })}
        onClick={() => setRejecting(true)}
      >
        {t('actions.reject')}
      </Button>
      <ReasonDialog
        open={rejecting}
        title={t('adminClaims.rejectTitle')}
        description={t('adminClaims.rejectDescription', { name: requester.name })}
        confirmLabel={t('adminClaims.rejectConfirm')}
        busyLabel={t('actions.rejecting')}
        maxLength={REJECTION_REASON_MAX_LENGTH}
        busy={reject.isPending}
        onConfirm={(reason) =>
          reject.mutateAsync({ claimId: claim.id, reason }).then(() => {
            setRejecting(false);
            toast.success(t('adminClaims.rejectedToast'));
            onDecided();
          }, onError)
        }
        onCancel={() => setRejecting(false)}
      />
    </div>
  );
}

/** Takes the profile back (the wrong person approved, or a tutor who left), with a reason the account is told. */
function ReleaseClaim({ claim, onDecided }: { claim: AdminTutorClaim; onDecided: () => void }) {
  const { t } = useTutorsText();
  const release = useReleaseTutorClaim();
  const [releasing, setReleasing] = useState(false);
  const { requester } = claim;

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        aria-label={t('adminClaims.releaseLabel', { tutor: claim.tutor.name, name: requester.name })}
        onClick={() => setReleasing(true)}
      >
        {t('adminClaims.release')}
      </Button>
      <ReasonDialog
        open={releasing}
        title={t('adminClaims.releaseTitle')}
        description={t('adminClaims.releaseDescription', { name: requester.name, tutor: claim.tutor.name })}
        confirmLabel={t('adminClaims.releaseConfirm')}
        busyLabel={t('adminClaims.releasing')}
        maxLength={REJECTION_REASON_MAX_LENGTH}
        busy={release.isPending}
        onConfirm={(reason) =>
          release.mutateAsync({ claimId: claim.id, reason }).then(
            () => {
              setReleasing(false);
              toast.success(t('adminClaims.releasedToast', { tutor: claim.tutor.name, name: requester.name }));
              onDecided();
            },
            (error: Error) => toast.error(errorMessage(error)),
          )
        }
        onCancel={() => setReleasing(false)}
      />
    </div>
  );
}
