import { useState } from 'react';
import type { Enrolled } from '../../../../shared/second-factor';
import { Button } from '../../../components/ui/button';
import { useSecondFactorText } from '../../../i18n/namespaces/second-factor';
import { AddAuthenticatorApp } from './add-authenticator-app';
import { AddPasskey } from './add-passkey';
import { RecoveryCodes } from './recovery-codes';

/**
 * Setting up a second factor right after signing in, where administrators must use one: a
 * passkey or an authenticator app, then the recovery codes, shown this once, then on.
 */
export function SecondFactorSetup({ siteName, onDone }: { siteName: string; onDone: () => void }) {
  const { t } = useSecondFactorText();
  const [choice, setChoice] = useState<'passkey' | 'app'>('passkey');
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  if (enrolled) {
    return (
      <div className="space-y-4">
        {enrolled.recoveryCodes && (
          <RecoveryCodes codes={enrolled.recoveryCodes} siteName={siteName} headingLevel={2} />
        )}
        <Button className="w-full" onClick={onDone}>
          {t('setup.continue')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t('setup.explanation')}</p>
      <div role="group" aria-label={t('setup.choose')} className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant={choice === 'passkey' ? 'primary' : 'secondary'}
          aria-pressed={choice === 'passkey'}
          onClick={() => setChoice('passkey')}
        >
          {t('kinds.passkey')}
        </Button>
        <Button
          variant={choice === 'app' ? 'primary' : 'secondary'}
          aria-pressed={choice === 'app'}
          onClick={() => setChoice('app')}
        >
          {t('kinds.totp')}
        </Button>
      </div>
      {choice === 'passkey' ? (
        <AddPasskey askPassword={false} onEnrolled={setEnrolled} />
      ) : (
        <AddAuthenticatorApp askPassword={false} onEnrolled={setEnrolled} />
      )}
    </div>
  );
}
