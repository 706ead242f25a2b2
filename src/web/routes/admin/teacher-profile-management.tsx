import { ComingSoon } from '../coming-soon';

// Replaced by the real page in this change.
export function Component() {
  return <ComingSoon title="Teacher Profile Management" />;
}
