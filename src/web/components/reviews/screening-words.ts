import type { ScreeningFinding } from '../../../shared/screening';
import { reviewsText } from '../../i18n/namespaces/reviews';

/**
 * A finding in words for the notice ("a phone number in the text"), in the page's language. The
 * web's twin of describeFinding in shared/screening-wording.ts, which the server keeps for its
 * English refusal: in English the two say exactly the same (a unit test holds them together).
 */
export function describeScreeningFinding(finding: Pick<ScreeningFinding, 'category' | 'kind' | 'field'>): string {
  const what = finding.kind
    ? reviewsText(`screening.kinds.${finding.kind}`)
    : reviewsText(`screening.categories.${finding.category}`);
  return reviewsText('screening.finding', { what, where: reviewsText(`screening.fields.${finding.field}`) });
}
