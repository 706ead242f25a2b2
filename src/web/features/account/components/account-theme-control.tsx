import { lazy, Suspense } from 'react';
import { OptionalPart } from '../../../components/ui/optional-part';
import type { Account } from '../../../../shared/account';

/**
 * The theme select loads after the page that offers it (the account menu of every page, the
 * profile): no page's first scripts pay for it. Its place is kept meanwhile, so nothing moves.
 */
const AccountThemeSelect = lazy(() =>
  import('./account-theme-select').then((module) => ({ default: module.AccountThemeSelect })),
);

export function AccountThemeControl({
  account,
  labelClassName,
  className = '',
}: {
  account: Account;
  labelClassName?: string;
  className?: string;
}) {
  return (
    <div className={`min-h-9 ${className}`}>
      <OptionalPart>
        <Suspense fallback={null}>
          <AccountThemeSelect account={account} labelClassName={labelClassName} />
        </Suspense>
      </OptionalPart>
    </div>
  );
}
