import { type RefObject, useRef } from 'react';
import toast from 'react-hot-toast';
import { FormErrorAlert, FormTextAreaField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { CLAIM_MESSAGE_MAX_LENGTH, createTutorClaimSchema } from '../../../../shared/tutor-side';
import type { TutorProfile } from '../../../../shared/tutors';
import { useClaimTutor } from '../api/claim-tutor';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** 'Claim this profile': an optional message to the administrator, then the request. */
export function ClaimDialog({ tutor, open, onClose }: { tutor: TutorProfile; open: boolean; onClose: () => void }) {
  const { t } = useTutorsText();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const claim = useClaimTutor();
  return (
    <ModalDialog
      open={open}
      title={t('claim.title')}
      description={<p>{t('claim.description', { name: tutor.name })}</p>}
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
  const { t } = useTutorsText();
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
              toast.success(t('claim.sentToast'));
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
        label={t('claim.messageLabel')}
        hint={t('claim.messageHint')}
        rows={4}
        maxLength={CLAIM_MESSAGE_MAX_LENGTH}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel={t('claim.send')}
        busyLabel={t('claim.sending')}
        cancelLabel={t('actions.cancel')}
        variant="primary"
        busy={claim.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
