import { type RefObject, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Trans } from 'react-i18next';
import type { AdminUser } from '../../../../shared/users';
import { buttonClasses } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useUsersText } from '../../../i18n/namespaces/users';

export interface IssuedPassword {
  user: Pick<AdminUser, 'name' | 'email'>;
  password: string;
}

/**
 * Shows a new account's one-time password, once: the server keeps only its hash. Escape does
 * not close it, so the password is not lost to a stray key; Done does.
 */
export function OneTimePasswordDialog({ issued, onDone }: { issued: IssuedPassword | null; onDone: () => void }) {
  const { t } = useUsersText();
  const copyRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      open={issued !== null}
      title={t('oneTimePassword.title')}
      description={
        issued && (
          <p>
            <Trans
              t={t}
              i18nKey="oneTimePassword.description"
              values={{ name: issued.user.name, email: issued.user.email }}
              components={{ email: <span className="wrap-anywhere" /> }}
            />
          </p>
        )
      }
      initialFocus={copyRef}
      dismissible={false}
      onCancel={onDone}
    >
      {issued && <PasswordPanel password={issued.password} copyRef={copyRef} onDone={onDone} />}
    </ModalDialog>
  );
}

function PasswordPanel({
  password,
  copyRef,
  onDone,
}: {
  password: string;
  copyRef: RefObject<HTMLButtonElement | null>;
  onDone: () => void;
}) {
  const { t } = useUsersText();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
      toast.success(t('oneTimePassword.copiedToast'));
    } catch {
      // No clipboard access (an insecure origin, a refused permission): leave it selected to copy by hand.
      inputRef.current?.select();
      toast.error(t('oneTimePassword.copyFailed'));
    }
  }

  return (
    <div className="mt-4">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {t('oneTimePassword.password')}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={inputId}
          readOnly
          value={password}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base text-slate-900"
        />
        <button
          ref={copyRef}
          type="button"
          onClick={() => void copy()}
          className={buttonClasses('secondary', 'shrink-0')}
        >
          {copied ? t('oneTimePassword.copied') : t('oneTimePassword.copy')}
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-slate-600">
        {copied ? t('oneTimePassword.copiedStatus') : ''}
      </p>
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={onDone} className={buttonClasses('primary')}>
          {t('oneTimePassword.done')}
        </button>
      </div>
    </div>
  );
}
