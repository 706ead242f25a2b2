import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_LANGUAGE, languageNames, languages, type Language } from '../../src/shared/languages';

/*
 * The message catalogs agree with each other: every key English has, Spanish and Arabic have
 * (plural keys in each language's own forms), with the same placeholders and tags, no empty
 * text, Arabic in Arabic script, and nothing left in English by mistake. Each problem names the
 * language, the namespace and the key, so the one text to fix is found at once.
 */

type Catalog = Record<string, unknown>;
/** A language's catalog for one namespace, flattened: `tutorCard.rateTheTutor` → its text. */
type Texts = Map<string, unknown>;

const WEB_LOCALES = 'src/web/i18n/locales';
const MAIL_LOCALES = 'src/server/mail/locales';

/** Names, acronyms and formats that stay in Latin letters in any language. */
const LATIN_TERMS = [
  'Tutorly',
  'Gemini',
  'OpenAI',
  'Google',
  'OpenID Connect',
  'OpenID',
  'OIDC',
  'CSV',
  'JSON',
  'PNG',
  'JPEG',
  'JPG',
  'WebP',
  'GIF',
  'AVIF',
  'SMTP',
  'HTTPS',
  'API',
  ...Object.values(languageNames),
];

/** Texts a translation may repeat as they are: brand names and the languages' own names. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Tutorly', 'Gemini', 'OpenAI', 'CSV', ...Object.values(languageNames)]);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const pluralCategories = (language: string): string[] =>
  new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];

function flatten(catalog: Catalog, prefix = '', into: Texts = new Map()): Texts {
  for (const [key, value] of Object.entries(catalog)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) flatten(value as Catalog, name, into);
    else into.set(name, value);
  }
  return into;
}

/** `{{name}}` (or `{{value, number}}`) placeholders and `<tag>` names in a text, sorted, without repeats. */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => `{{${match[1]}}}`);
  return [...new Set(names)].sort();
}

function tags(text: string): string[] {
  const names = [...text.matchAll(/<\/?\s*([A-Za-z][\w-]*)[^<>]*>/g)].map((match) => `<${match[1]}>`);
  return [...new Set(names)].sort();
}

/**
 * HTML's elements without content: react-i18next's `<Trans>` reads `<link>About</link>` as an
 * empty `<link>` and the word after it, so a component given that name shows no text.
 */
const VOID_ELEMENTS = new Set(
  ['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr'].map(
    (name) => `<${name}>`,
  ),
);

/** The plural keys of the English catalog, by their base: `reviewCount` for `reviewCount_one`/`_other`. */
function pluralBases(english: Texts): Set<string> {
  const bases = new Set<string>();
  for (const key of english.keys()) if (key.endsWith('_other')) bases.add(key.slice(0, -'_other'.length));
  return bases;
}

/** The keys a language's catalog must have: English's, with each plural key in the language's own forms. */
function expectedKeys(english: Texts, language: string): Set<string> {
  const bases = pluralBases(english);
  const keys = new Set<string>();
  for (const key of english.keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base !== key && bases.has(base)) {
      for (const category of pluralCategories(language)) keys.add(`${base}_${category}`);
      // i18next looks for `_zero` first when the count is 0 in any language: if English says
      // something special there, so must the others.
      if (english.has(`${base}_zero`)) keys.add(`${base}_zero`);
    } else keys.add(key);
  }
  return keys;
}

/** Latin letters left once names, placeholders, tags, addresses and course codes are taken out. */
function latinLeft(text: string): string {
  let rest = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<[^<>]*>/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    // Course codes as students write them (CS101, MATH 200).
    .replace(/\b[A-Z]{2,5}\s?\d{2,4}[A-Z]?\b/g, ' ');
  for (const term of [...LATIN_TERMS].sort((a, b) => b.length - a.length)) rest = rest.split(term).join(' ');
  return (rest.match(/[A-Za-z]+/g) ?? []).join(' ');
}

/** Words of two letters or more a text says once placeholders, tags and the names above are set aside. */
function wordCount(text: string): number {
  let rest = text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<[^<>]*>/g, ' ');
  for (const term of LATIN_TERMS) rest = rest.split(term).join(' ');
  return (rest.match(/\p{L}{2,}/gu) ?? []).length;
}

interface NamedCatalog {
  /** Where it comes from, as a problem names it: `es/tutors` or `ar/mail`. */
  language: string;
  namespace: string;
  catalog: Catalog;
}

/**
 * What is wrong with one namespace's catalog in one language, measured against English: each
 * problem a line naming the language, the namespace and the key.
 */
function catalogProblems(english: Catalog, translated: NamedCatalog): string[] {
  const { language, namespace } = translated;
  const at = (key: string) => `${language}/${namespace}: ${key}:`;
  const source = flatten(english);
  const texts = flatten(translated.catalog);
  const problems: string[] = [];

  const expected = expectedKeys(source, language);
  for (const key of expected) if (!texts.has(key)) problems.push(`${at(key)} missing (English has it)`);
  for (const key of texts.keys())
    if (!expected.has(key)) {
      const base = key.replace(PLURAL_SUFFIX, '');
      problems.push(
        base !== key && pluralBases(source).has(base)
          ? `${at(key)} a plural form ${language} does not have (its forms: ${pluralCategories(language).join(', ')})`
          : `${at(key)} not in English`,
      );
    }

  const bases = pluralBases(source);
  for (const [key, value] of texts) {
    if (typeof value !== 'string') {
      problems.push(`${at(key)} not a text (${JSON.stringify(value)})`);
      continue;
    }
    if (value.trim() === '') {
      problems.push(`${at(key)} empty`);
      continue;
    }
    for (const tag of tags(value).filter((name) => VOID_ELEMENTS.has(name)))
      problems.push(
        `${at(key)} tag ${tag} is an HTML element without content, which <Trans> shows empty: name it otherwise`,
      );
    const base = key.replace(PLURAL_SUFFIX, '');
    const plural = base !== key && bases.has(base);
    // A plural form is compared with English's `_other`: "one review" may leave out {{count}}.
    const englishKey = plural ? (source.has(key) ? key : `${base}_other`) : key;
    const englishText = source.get(englishKey);
    if (typeof englishText !== 'string') continue;

    if (language !== DEFAULT_LANGUAGE) {
      const want = placeholders(englishText);
      const got = placeholders(value);
      const optional = plural ? ['{{count}}'] : [];
      const differs =
        want.some((name) => !got.includes(name) && !optional.includes(name)) ||
        got.some((name) => !want.includes(name) && !optional.includes(name));
      if (differs) problems.push(`${at(key)} placeholders ${JSON.stringify(got)}, English has ${JSON.stringify(want)}`);
      if (tags(value).join() !== tags(englishText).join())
        problems.push(
          `${at(key)} tags ${JSON.stringify(tags(value))}, English has ${JSON.stringify(tags(englishText))}`,
        );
      if (value === englishText && wordCount(englishText) >= 2 && !SAME_IN_EVERY_LANGUAGE.has(value))
        problems.push(`${at(key)} still in English ("${value}")`);
    }
    if (language === 'ar') {
      const latin = latinLeft(value);
      if (latin) problems.push(`${at(key)} Latin letters in Arabic ("${latin}" in "${value}")`);
    }
  }
  return problems;
}

/** English's own plural keys have English's forms: `_one` and `_other`. */
function englishProblems(english: Catalog, namespace: string): string[] {
  return catalogProblems(english, { language: DEFAULT_LANGUAGE, namespace, catalog: english });
}

const readCatalog = (file: string): Catalog => JSON.parse(readFileSync(file, 'utf8')) as Catalog;

const webNamespaces = [
  ...new Set(
    languages.flatMap((language) =>
      existsSync(path.join(WEB_LOCALES, language))
        ? readdirSync(path.join(WEB_LOCALES, language))
            .filter((file) => file.endsWith('.json'))
            .map((file) => file.replace(/\.json$/, ''))
        : [],
    ),
  ),
].sort();

/** The mail catalogs, once the server has them: `src/server/mail/locales/<language>.json`. */
const mailFiles = languages.map((language) => path.join(MAIL_LOCALES, `${language}.json`));
const hasMailCatalogs = mailFiles.some((file) => existsSync(file));

describe('the web app’s catalogs', () => {
  test('every language has every namespace', () => {
    expect(webNamespaces.length).toBeGreaterThan(0);
    const missing = languages.flatMap((language) =>
      webNamespaces
        .filter((namespace) => !existsSync(path.join(WEB_LOCALES, language, `${namespace}.json`)))
        .map((namespace) => `${language}/${namespace}: the catalog file is missing`),
    );
    expect(missing).toEqual([]);
  });

  test.each(webNamespaces)('%s: same keys, placeholders and tags in every language, no empty text', (namespace) => {
    const file = (language: Language) => path.join(WEB_LOCALES, language, `${namespace}.json`);
    const english = readCatalog(file(DEFAULT_LANGUAGE));
    const problems = [
      ...englishProblems(english, namespace),
      ...languages
        .filter((language) => language !== DEFAULT_LANGUAGE && existsSync(file(language)))
        .flatMap((language) => catalogProblems(english, { language, namespace, catalog: readCatalog(file(language)) })),
    ];
    expect(problems, `${namespace}: problems in its catalogs`).toEqual([]);
  });
});

describe.runIf(hasMailCatalogs)('the mail catalogs', () => {
  test('same keys, placeholders and tags in every language, no empty text', () => {
    const missing = mailFiles.filter((file) => !existsSync(file)).map((file) => `${file} is missing`);
    expect(missing).toEqual([]);
    const english = readCatalog(path.join(MAIL_LOCALES, `${DEFAULT_LANGUAGE}.json`));
    const problems = [
      ...englishProblems(english, 'mail'),
      ...languages
        .filter((language) => language !== DEFAULT_LANGUAGE)
        .flatMap((language) =>
          catalogProblems(english, {
            language,
            namespace: 'mail',
            catalog: readCatalog(path.join(MAIL_LOCALES, `${language}.json`)),
          }),
        ),
    ];
    expect(problems, 'mail: problems in its catalogs').toEqual([]);
  });
});

describe('the checker', () => {
  const english = {
    tutorCard: { rateTheTutor: 'Rate the tutor', greeting: 'Hello, {{name}}' },
    reviewCount_one: 'One review',
    reviewCount_other: '{{count}} reviews',
    terms: 'I accept the <termsLink>terms</termsLink>',
    brand: 'Tutorly',
  };
  const spanish = {
    tutorCard: { rateTheTutor: 'Califica al tutor', greeting: 'Hola, {{name}}' },
    reviewCount_one: 'Una reseña',
    reviewCount_many: '{{count}} de reseñas',
    reviewCount_other: '{{count}} reseñas',
    terms: 'Acepto los <termsLink>términos</termsLink>',
    brand: 'Tutorly',
  };
  const arabic = {
    tutorCard: { rateTheTutor: 'قيّم المدرّس', greeting: 'مرحبًا، {{name}}' },
    reviewCount_zero: 'لا مراجعات',
    reviewCount_one: 'مراجعة واحدة',
    reviewCount_two: 'مراجعتان',
    reviewCount_few: '{{count}} مراجعات',
    reviewCount_many: '{{count}} مراجعة',
    reviewCount_other: '{{count}} مراجعة',
    terms: 'أوافق على <termsLink>الشروط</termsLink>',
    brand: 'Tutorly',
  };
  const check = (language: string, catalog: Catalog) =>
    catalogProblems(english, { language, namespace: 'tutors', catalog });

  test('passes complete catalogs, plural keys in each language’s forms', () => {
    expect(englishProblems(english, 'tutors')).toEqual([]);
    expect(check('es', spanish)).toEqual([]);
    expect(check('ar', arabic)).toEqual([]);
  });

  test('names a missing key, and a plural form the language needs', () => {
    const { rateTheTutor: _, ...card } = spanish.tutorCard;
    const { reviewCount_many: _many, ...rest } = spanish;
    expect(check('es', { ...rest, tutorCard: card })).toEqual([
      'es/tutors: tutorCard.rateTheTutor: missing (English has it)',
      'es/tutors: reviewCount_many: missing (English has it)',
    ]);
    const { reviewCount_two: _two, reviewCount_few: _few, ...fourForms } = arabic;
    expect(check('ar', fourForms)).toEqual([
      'ar/tutors: reviewCount_two: missing (English has it)',
      'ar/tutors: reviewCount_few: missing (English has it)',
    ]);
  });

  test('names a key English lacks, and a plural form the language has not', () => {
    expect(check('es', { ...spanish, leftOver: 'Sobra', reviewCount_two: 'Dos reseñas' })).toEqual([
      'es/tutors: leftOver: not in English',
      'es/tutors: reviewCount_two: a plural form es does not have (its forms: one, many, other)',
    ]);
    expect(englishProblems({ ...english, reviewCount_many: 'Many reviews' }, 'tutors')).toEqual([
      'en/tutors: reviewCount_many: a plural form en does not have (its forms: one, other)',
    ]);
  });

  test('names a placeholder or a tag that differs from English', () => {
    expect(
      check('es', {
        ...spanish,
        tutorCard: { ...spanish.tutorCard, greeting: 'Hola, {{nombre}}' },
        terms: 'Acepto los <a>términos</a>',
      }),
    ).toEqual([
      'es/tutors: tutorCard.greeting: placeholders ["{{nombre}}"], English has ["{{name}}"]',
      'es/tutors: terms: tags ["<a>"], English has ["<termsLink>"]',
    ]);
    // A plural form may leave the count out ("one review"), nothing else.
    expect(check('ar', { ...arabic, reviewCount_few: '{{n}} مراجعات' })).toEqual([
      'ar/tutors: reviewCount_few: placeholders ["{{n}}"], English has ["{{count}}"]',
    ]);
  });

  test('names a tag that is an HTML element without content, which <Trans> would show empty', () => {
    expect(englishProblems({ ...english, terms: 'I accept the <link>terms</link>' }, 'tutors')).toEqual([
      'en/tutors: terms: tag <link> is an HTML element without content, which <Trans> shows empty: name it otherwise',
    ]);
  });

  test('names an empty text, and one that is not a text', () => {
    expect(
      check('es', { ...spanish, brand: ' ', tutorCard: { ...spanish.tutorCard, rateTheTutor: ['Califica'] } }),
    ).toEqual(['es/tutors: tutorCard.rateTheTutor: not a text (["Califica"])', 'es/tutors: brand: empty']);
    expect(englishProblems({ ...english, brand: '' }, 'tutors')).toEqual(['en/tutors: brand: empty']);
  });

  test('names Arabic written in Latin letters, but for names, placeholders, addresses and course codes', () => {
    expect(
      check('ar', {
        ...arabic,
        tutorCard: { ...arabic.tutorCard, rateTheTutor: 'قيّم tutor' },
        terms: 'Acepto <termsLink>الشروط</termsLink>',
      }),
    ).toEqual([
      'ar/tutors: tutorCard.rateTheTutor: Latin letters in Arabic ("tutor" in "قيّم tutor")',
      'ar/tutors: terms: Latin letters in Arabic ("Acepto" in "Acepto <termsLink>الشروط</termsLink>")',
    ]);
    expect(latinLeft('اكتب إلى name@uni.edu عن CS101 في Tutorly مع Gemini، {{name}} <termsLink>هنا</termsLink>')).toBe(
      '',
    );
  });

  test('names a translation left in English, but for names', () => {
    expect(check('es', { ...spanish, tutorCard: { ...spanish.tutorCard, rateTheTutor: 'Rate the tutor' } })).toEqual([
      'es/tutors: tutorCard.rateTheTutor: still in English ("Rate the tutor")',
    ]);
    expect(check('ar', { ...arabic, tutorCard: { ...arabic.tutorCard, rateTheTutor: 'Rate the tutor' } })).toEqual([
      'ar/tutors: tutorCard.rateTheTutor: still in English ("Rate the tutor")',
      'ar/tutors: tutorCard.rateTheTutor: Latin letters in Arabic ("Rate the tutor" in "Rate the tutor")',
    ]);
  });
});
