import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ownerProofSchema, type Enrolled, type SecondFactor } from '../../../../shared/second-factor';
import { FormErrorAlert, FormPasswordField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../i18n/format';
import { useSecondFactorText } from '../../../i18n/namespaces/second-factor';
import { errorMessage } from '../../../lib/api-client';
import { useSecondFactorStatus } from '../api/get-second-factor-status';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useRemoveSecondFactor } from '../api/remove-second-factor';
import { AddAuthenticatorApp } from './add-authenticator-app';
import { AddPasskey } from './add-passkey';
import { RecoveryCodes } from './recovery-codes';

type Confirming = { kind: 'remove'; factor: SecondFactor } | { kind: 'codes' } | null;

/**
 * Profile → Security: what a second factor does, the account's factors with Remove, the
 * recovery codes left and new ones, and adding a passkey or an authenticator app.
 */
export function SecuritySection({ siteName }: { siteName: string }) {
  const { t } = useSecondFactorText();
  const headingId = useId();
  const status = useSecondFactorStatus();
  const [adding, setAdding] = useState<'passkey' | 'app' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const enrolled = (result: Enrolled) => {
    setAdding(null);
    if (result.recoveryCodes) setCodes(result.recoveryCodes);
  };
  const factors = status.data?.factors ?? [];

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('security.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('security.explanation')}</p>
      {status.data?.required && <p className="mt-2 text-sm text-slate-700">{t('security.required')}</p>}
      {status.isPending && <Spinner label={t('security.loading')} />}
      {status.isError && (
        <p role="alert" className="mt-3 text-red-800">
          {errorMessage(status.error)}
        </p>
      )}
      {codes && (
        <div className="mt-4">
          <RecoveryCodes codes={codes} siteName={siteName} headingLevel={3} />
        </div>
      )}
      {status.data && factors.length === 0 && <p className="mt-4 text-sm text-slate-700">{t('security.none')}</p>}
      <ul className="mt-4 divide-y divide-slate-100">
        {factors.map((factor) => (
          <li key={factor.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-medium break-words text-slate-900">
                {factor.label}{' '}
                <span className="ms-1 inline-flex rounded-full border border-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-800">
                  {t(`kinds.${factor.kind}`)}
                </span>
              </p>
              <p className="text-slate-700">
                {factor.lastUsedAt
                  ? t('security.addedAndUsed', {
                      added: formatDateTime(factor.createdAt),
                      used: formatDateTime(factor.lastUsedAt),
                    })
                  : t('security.added', { added: formatDateTime(factor.createdAt) })}
              </p>
            </div>
            <Button
              variant="secondary"
              className="min-h-10 shrink-0 px-3"
              onClick={() => setConfirming({ kind: 'remove', factor })}
            >
              {t('security.remove')}
              <span className="sr-only"> {factor.label}</span>
            </Button>
          </li>
        ))}
      </ul>
      {factors.length > 0 && (
        <div className="mt-2 flex flex-col gap-2 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
          <p>{t('security.codesLeft', { count: status.data?.recoveryCodesLeft ?? 0 })}</p>
          <Button variant="secondary" className="shrink-0" onClick={() => setConfirming({ kind: 'codes' })}>
            {t('security.newCodes')}
          </Button>
        </div>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button variant={adding === 'passkey' ? 'primary' : 'secondary'} onClick={() => setAdding('passkey')}>
          {t('security.addPasskey')}
        </Button>
        <Button variant={adding === 'app' ? 'primary' : 'secondary'} onClick={() => setAdding('app')}>
          {t('security.addApp')}
        </Button>
      </div>
      {adding && (
        <div className="mt-4 rounded-lg border border-slate-200 p-4">
          {adding === 'passkey' ? (
            <AddPasskey askPassword onEnrolled={enrolled} />
          ) : (
            <AddAuthenticatorApp askPassword onEnrolled={enrolled} />
          )}
        </div>
      )}
      <ConfirmWithPasswordDialog confirming={confirming} onClose={() => setConfirming(null)} onCodes={setCodes} />
    </section>
  );
}

/** Removing a factor, or making new recovery codes: the password first, every time. */
function ConfirmWithPasswordDialog({
  confirming,
  onClose,
  onCodes,
}: {
  confirming: Confirming;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useSecondFactorText();
  const passwordRef = useRef<HTMLInputElement>(null);
  const remove = useRemoveSecondFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const busy = remove.isPending || regenerate.isPending;
  return (
    <ModalDialog
      open={confirming !== null}
      title={
        confirming?.kind === 'remove'
          ? t('confirm.removeTitle', { label: confirming.factor.label })
          : t('confirm.codesTitle')
      }
      description={confirming?.kind === 'remove' ? t('confirm.removeDescription') : t('confirm.codesDescription')}
      initialFocus={passwordRef}
      dismissible={!busy}
      onCancel={onClose}
    >
      {confirming && (
        <ConfirmForm
          passwordRef={passwordRef}
          busy={busy}
          confirmLabel={confirming.kind === 'remove' ? t('security.remove') : t('security.newCodes')}
          onCancel={onClose}
          onConfirm={(proof, showServerError) => {
            if (confirming.kind === 'remove')
              remove.mutate(
                { ...proof, factorId: confirming.factor.id },
                {
                  onSuccess: () => {
                    toast.success(t('confirm.removed'));
                    onClose();
                  },
                  onError: showServerError,
                },
              );
            else
              regenerate.mutate(proof, {
                onSuccess: ({ recoveryCodes }) => {
                  onCodes(recoveryCodes);
                  onClose();
                },
                onError: showServerError,
              });
          }}
        />
      )}
    </ModalDialog>
  );
}

// Mounted only while the dialog is open, so no password outlives it.
function ConfirmForm({
  passwordRef,
  busy,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  passwordRef: React.RefObject<HTMLInputElement | null>;
  busy: boolean;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: (proof: { currentPassword?: string | undefined }, showServerError: (error: unknown) => void) => void;
}) {
  const { t } = useSecondFactorText();
  const form = useAppForm({ schema: ownerProofSchema, defaultValues: { currentPassword: '' } });
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={form.handleSubmit((proof) => {
        if (!busy) onConfirm(proof, form.showServerError);
      })}
    >
      <FormErrorAlert control={form.control} />
      <FormPasswordField
        control={form.control}
        name="currentPassword"
        ref={passwordRef}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        hint={t('fields.currentPasswordHint')}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel={confirmLabel}
        cancelLabel={t('cancel')}
        variant="danger"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
