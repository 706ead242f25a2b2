import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useCommonText } from '../../i18n/namespaces/common';

/**
 * While `dirty`, leaving the page asks first: a link or Back inside the app is held until the
 * dialog's answer (React Router's blocker), and closing or reloading the tab gets the browser's
 * own question (beforeunload). Staying on the page with a new query string is not leaving.
 */
export function useUnsavedChangesWarning(dirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

/** "Leave without saving?" for a blocked navigation: Leave goes on, Stay keeps the page and what was typed. */
export function UnsavedChangesDialog({ leaving }: { leaving: Blocker }) {
  const { t } = useCommonText();
  return (
    <ConfirmDialog
      open={leaving.state === 'blocked'}
      title={t('unsavedChanges.title')}
      description={<p>{t('unsavedChanges.body')}</p>}
      confirmLabel={t('unsavedChanges.leave')}
      cancelLabel={t('unsavedChanges.stay')}
      onConfirm={() => leaving.proceed?.()}
      onCancel={() => leaving.reset?.()}
    />
  );
}
