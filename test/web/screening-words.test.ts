import { describe, expect, it } from 'vitest';
import {
  screenedFields,
  screeningCategories,
  screeningFindingKinds,
  type ScreeningFinding,
} from '../../src/shared/screening';
import { describeFinding } from '../../src/shared/screening-wording';
import { describeScreeningFinding } from '../../src/web/components/reviews/screening-words';
import { i18n, i18nReady } from '../../src/web/i18n/i18n';

type Described = Pick<ScreeningFinding, 'category' | 'kind' | 'field'>;

/** Every finding the screen can report: each kind in each field, and each category without a kind. */
const findings: Described[] = screenedFields.flatMap((field) => [
  ...screeningFindingKinds.map((kind) => ({ category: 'personal_information' as const, kind, field })),
  ...screeningCategories.map((category) => ({ category, field })),
]);

describe('describeScreeningFinding', () => {
  it("says in English exactly what the server's wording says", async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    for (const finding of findings) expect(describeScreeningFinding(finding)).toBe(describeFinding(finding));
  });

  it('says every finding in Spanish and Arabic, none of it in English', async () => {
    for (const language of ['es', 'ar']) {
      await i18n.changeLanguage(language);
      for (const finding of findings) {
        const described = describeScreeningFinding(finding);
        expect(described).not.toBe('');
        expect(described).not.toBe(describeFinding(finding));
      }
    }
    await i18n.changeLanguage('en');
  });
});
