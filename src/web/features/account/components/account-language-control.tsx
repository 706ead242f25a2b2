import { lazy, Suspense } from 'react';
import { OptionalPart } from '../../../components/ui/optional-part';
import type { Account } from '../../../../shared/account';
import { usePagePainted } from '../../../lib/page-painted';

/**
 * The language select loads after the page that offers it (the top bar of every page, the
 * profile): no page's first scripts pay for it. Its place is kept meanwhile, so nothing moves.
 */
const AccountLanguageSelect = lazy(() =>
  import('./account-language-select').then((module) => ({ default: module.AccountLanguageSelect })),
);

export function AccountLanguageControl({
  account,
  compact,
  labelClassName,
  className = '',
}: {
  account: Account;
  compact?: boolean;
  labelClassName?: string;
  className?: string;
}) {
  const painted = usePagePainted();
  return (
    <div className={`min-h-9 ${className}`}>
      {painted && (
        <OptionalPart>
          <Suspense fallback={null}>
            <AccountLanguageSelect account={account} compact={compact} labelClassName={labelClassName} />
          </Suspense>
        </OptionalPart>
      )}
    </div>
  );
}
