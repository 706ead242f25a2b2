import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { addEnglishCatalog, i18n, i18nReady } from '../../src/web/i18n/i18n';
import { formatNumber } from '../../src/web/i18n/format';

describe("the catalogs' {{count, number}}", () => {
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => i18n.changeLanguage('en'));

  it('groups digits in the reader’s language', async () => {
    await i18nReady;
    addEnglishCatalog('number-test', {
      tutors_one: '{{count, number}} tutor',
      tutors_other: '{{count, number}} tutors',
      wait: 'in {{minutes, number(style: unit; unit: minute; unitDisplay: long)}}',
    });
    await i18n.changeLanguage('en');
    expect(i18n.t('number-test:tutors', { count: 1 })).toBe('1 tutor');
    expect(i18n.t('number-test:tutors', { count: 12345 })).toBe('12,345 tutors');
    // A format's own options are Intl's.
    expect(i18n.t('number-test:wait', { minutes: 2 })).toBe('in 2 minutes');
    await i18n.changeLanguage('ar');
    // Arabic has no catalog for this namespace: English words, Arabic digits.
    expect(i18n.t('number-test:tutors', { count: 12345 })).toBe(`${new Intl.NumberFormat('ar').format(12345)} tutors`);
  });

  it('makes no new formatter per count: one kept formatter per language, shared with formatNumber', async () => {
    await i18n.changeLanguage('en');
    formatNumber(1);
    const made = vi.spyOn(Intl, 'NumberFormat');
    for (const count of [2, 30, 400, 5_000, 60_000]) i18n.t('number-test:tutors', { count });
    expect(formatNumber(7_000_000)).toBe('7,000,000');
    expect(made).not.toHaveBeenCalled();
  });
});
