import { type RefObject, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormErrorAlert, FormTextAreaField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { CLAIM_MESSAGE_MAX_LENGTH, createTutorClaimSchema } from '../../../../shared/tutor-side';
import type { TutorProfile } from '../../../../shared/tutors';
import { useClaimTutor } from '../api/claim-tutor';
import { useMyTutorClaims } from '../api/get-my-tutor-claims';

/** A small mark on a profile whose tutor's own account was approved. */
export function ClaimedByTutorMark() {
  return (
    <span className="inline-flex items-center rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
      Claimed by the tutor
    </span>
  );
}

/**
 * On a public profile: 'Claim this profile' for a signed-in user who is not a tutor's account
 * yet, or where their claim stands (waiting, or rejected with the administrator's reason).
 */
export function ClaimProfile({ tutor }: { tutor: TutorProfile }) {
  const claims = useMyTutorClaims();
  const [open, setOpen] = useState(false);
  if (!tutor.isPublic || tutor.claimed || !claims.data) return null;
  // An account is the tutor of one profile at most.
  if (claims.data.items.some((claim) => claim.status === 'approved' && claim.tutor.id !== tutor.id)) return null;
  const latest = claims.data.items.find((claim) => claim.tutor.id === tutor.id);

  if (latest?.status === 'pending') {
    return (
      <p role="status" className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800">
        Your claim of this profile is waiting for an administrator.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      {latest?.status === 'rejected' && (
        <div role="note" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">Your claim of this profile was rejected.</p>
          {latest.rejectionReason && (
            <p className="mt-1 whitespace-pre-line break-words">Reason: {latest.rejectionReason}</p>
          )}
        </div>
      )}
      <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        Claim this profile
      </Button>
      <ClaimDialog tutor={tutor} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

function ClaimDialog({ tutor, open, onClose }: { tutor: TutorProfile; open: boolean; onClose: () => void }) {
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const claim = useClaimTutor();
  return (
    <ModalDialog
      open={open}
      title="Claim this profile"
      description={
        <p>
          Are you {tutor.name}? Ask to manage this profile: an administrator checks your request and your verified email
          address. Once approved, you can respond to the reviews of this profile.
        </p>
      }
      initialFocus={messageRef}
      dismissible={!claim.isPending}
      onCancel={onClose}
    >
      {/* Mounted only while open, so each request starts blank. */}
      {open && <ClaimForm tutorId={tutor.id} messageRef={messageRef} claim={claim} onClose={onClose} />}
    </ModalDialog>
  );
}

function ClaimForm({
  tutorId,
  messageRef,
  claim,
  onClose,
}: {
  tutorId: string;
  messageRef: RefObject<HTMLTextAreaElement | null>;
  claim: ReturnType<typeof useClaimTutor>;
  onClose: () => void;
}) {
  const form = useAppForm({ schema: createTutorClaimSchema, defaultValues: { message: '' } });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ message }) => {
        if (claim.isPending) return;
        claim.mutate(
          { tutorId, message: message ?? undefined },
          {
            onSuccess: () => {
              toast.success('Thanks, an administrator will review your claim.');
              onClose();
            },
            onError: form.showServerError,
          },
        );
      })}
    >
      <div className="mt-4">
        <FormErrorAlert control={form.control} />
      </div>
      <FormTextAreaField
        control={form.control}
        name="message"
        ref={messageRef}
        className="mt-4"
        label="Message to the administrator (optional)"
        hint="For example your role and a link to your page at the university."
        rows={4}
        maxLength={CLAIM_MESSAGE_MAX_LENGTH}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel="Send claim"
        busyLabel="Sending..."
        cancelLabel="Cancel"
        variant="primary"
        busy={claim.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
