import { lazy, Suspense } from 'react';
import { OptionalPart } from './optional-part';

/**
 * The language select loads after the sign-in page that offers it, within the route's budget.
 * Its place is kept meanwhile, so nothing moves.
 */
const DeviceLanguageSelect = lazy(() =>
  import('./device-language-select').then((module) => ({ default: module.DeviceLanguageSelect })),
);

export function DeviceLanguageControl({ compact, className = '' }: { compact?: boolean; className?: string }) {
  return (
    <div className={`min-h-9 ${compact ? 'min-w-36' : 'min-w-44'} ${className}`}>
      <OptionalPart>
        <Suspense fallback={null}>
          <DeviceLanguageSelect compact={compact} />
        </Suspense>
      </OptionalPart>
    </div>
  );
}
