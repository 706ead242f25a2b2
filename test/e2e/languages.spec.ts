import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { languageNames, type Language } from '../../src/shared/languages';
import { DEFAULT_REVIEW_TAGS } from '../../src/shared/reviews-constants';
import { accessibilityViolations } from './axe';
import { e2eServer } from './e2e-server';
import {
  admin,
  createStudent,
  expect,
  expectNoSidewaysScroll,
  latestMailTo,
  logInAs,
  newStudent,
  reviewThroughApi,
  suffix,
  test,
  uploadPicture,
} from './fixtures';

/*
 * The main journeys in Spanish and in Arabic (right to left), as the `lang` cookie asks for them:
 * the texts come from the catalogs (looked up by their English, so a key's name may change), the
 * page says its language and direction, no English is left on it, axe finds nothing and a 360 px
 * phone does not scroll sideways. The data the tests make is written in the language too, so
 * anything in English on an Arabic page is the interface's.
 */

type Translated = Exclude<Language, 'en'>;
const LOCALES = 'src/web/i18n/locales';
const baseURL = `http://127.0.0.1:${e2eServer.port}`;
// A journey checks a dozen pages, each with axe and again at 360 px.
test.describe.configure({ timeout: 180_000 });
const phone = { width: 360, height: 740 };

/** A catalog file, flattened: `tutorCard.rateTheTutor` → its text (empty when there is no such file). */
function catalogFile(file: string): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'string') texts.set(prefix, value);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, prefix ? `${prefix}.${key}` : key);
  };
  try {
    walk(JSON.parse(readFileSync(file, 'utf8')), '');
  } catch {
    // A namespace a language lacks: the catalog test names it.
  }
  return texts;
}

const catalog = (language: Language, namespace: string) =>
  catalogFile(path.join(LOCALES, language, `${namespace}.json`));

/** The site's name as an administrator set it (other tests may rename it). */
async function siteName(page: Page): Promise<string> {
  const response = await page.request.get('/api/settings');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { siteName: string }).siteName;
}

/** The subject of a mail in `language`, from the mail catalogs, where English's is `english`. */
function mailSubject(language: Translated, english: string, values: Record<string, string>): string | undefined {
  const mails = (of: Language) => catalogFile(path.join('src/server/mail/locales', `${of}.json`));
  const key = [...mails('en')].find(([, text]) => text === english)?.[0];
  const subject = key ? mails(language).get(key) : undefined;
  return subject && interpolate(subject, values);
}

const namespaces = readdirSync(path.join(LOCALES, 'en')).map((file) => file.replace(/\.json$/, ''));
const catalogs = new Map<string, Map<string, string>>();
const cached = (language: Language, namespace: string) => {
  const key = `${language}/${namespace}`;
  if (!catalogs.has(key)) catalogs.set(key, catalog(language, namespace));
  return catalogs.get(key)!;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const interpolate = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (whole, name: string) => values[name] ?? whole);
/** What a reader sees of a catalog text: its `<tag>`s are markup, not text. */
const shown = (text: string) => text.replace(/<\/?[\w-]+\s*\/?>/g, '');

/** Every translation into `language` of an English text of the catalogs (each key that says it). */
function translationsOf(language: Translated, english: string, values: Record<string, string> = {}): string[] {
  const found = new Set<string>();
  for (const namespace of namespaces)
    for (const [key, text] of cached('en', namespace))
      if (text === english) {
        const translation = cached(language, namespace).get(key);
        if (translation) found.add(shown(interpolate(translation, values)));
      }
  return [...found];
}

/**
 * The text a page in `language` shows where English shows `english`, as a pattern matching the
 * whole text: any of the catalogs' translations. A text no catalog holds is a soft failure (the
 * journey goes on, matching the English, so one run lists every such text).
 */
function textIn(language: Translated, english: string, values: Record<string, string> = {}): RegExp {
  const translations = translationsOf(language, english, values);
  expect.soft(translations, `a ${language} translation of "${english}" in the catalogs`).not.toEqual([]);
  const alternatives = translations.length > 0 ? translations : [interpolate(english, values)];
  return new RegExp(`^\\s*(?:${alternatives.map(escape).join('|')})\\s*$`);
}

/**
 * `textIn`, or the English: what a test clicks or fills goes on even when its text is still in
 * English (the English-left check reports it), so one run walks the whole journey.
 */
function textOrEnglish(language: Translated, english: string, values: Record<string, string> = {}): RegExp {
  return new RegExp(
    `(?:${textIn(language, english, values).source})|(?:^\\s*${escape(interpolate(english, values))}\\s*$)`,
  );
}

/** The labels of the navigation in English: none may be left on a page in another language. */
const ENGLISH_NAV = [
  'Dashboard',
  'Tutors',
  'All Reviews',
  'Mine',
  'My Reviews',
  'My Tutors',
  'Add Tutor',
  'Notifications',
  'Account',
  'Profile',
  'Statistics',
  'Menu',
  'Logout',
  'Admin console',
  'Users',
  'Manage Submissions',
  'Review Management',
  'Profile Claims',
  'Teacher Profile Management',
  'Add Teacher',
  'Audit Log',
  'Settings',
  'Admin Panel',
  'About',
  'Contact',
  'Privacy Policy',
  'Terms of Service',
];

/** Words only English writes (Spanish has none of them, unlike "tutor" or "email"), for texts no catalog holds. */
const ENGLISH_WORDS =
  /\b(the|your|you|and|with|for|this|that|are|is|of|to|from|have|was|were|not|all|my|new|by|no one|yet|been|will|please|review|reviews|tutors|student|students|sign|login|logout|password|search|submit|save|cancel|delete|edit|back|next|previous|loading|show|hide)\b/i;

/** Names that stay in Latin letters on any page: brands, browsers and systems (a session's device), languages. */
const LATIN_NAMES = [
  'Tutorly',
  'Gemini',
  'OpenAI',
  'CSV',
  'Chrome',
  'Chromium',
  'Firefox',
  'Safari',
  'Edge',
  'Windows',
  'macOS',
  'Linux',
  'Android',
  'iOS',
  ...Object.values(languageNames),
];

/** Every English text of the catalogs that a translation changes: shown on a translated page, it is one left behind. */
function englishCatalogTexts(language: Translated): Set<string> {
  const texts = new Set<string>();
  for (const namespace of namespaces)
    for (const [key, text] of cached('en', namespace)) {
      const english = shown(text).trim();
      if (/\p{L}{3,}/u.test(english) && !/\{\{/.test(english) && cached(language, namespace).get(key) !== text)
        texts.add(english);
    }
  return texts;
}

/** The texts a reader sees or hears on the page (within `scope`): text, and labels, placeholders, titles, alternatives. */
async function visibleTexts(page: Page, scope: string, skip = 'option'): Promise<string[]> {
  return page.evaluate(
    ([selector, skipped]) => {
      const texts: string[] = [];
      const visible = (element: Element) =>
        element.checkVisibility({ visibilityProperty: true, opacityProperty: false } as CheckVisibilityOptions);
      for (const root of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          const text = node.textContent?.replace(/\s+/g, ' ').trim();
          if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
          if (parent.closest(skipped) || !visible(parent)) continue;
          texts.push(text);
        }
        for (const element of [root, ...root.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')]) {
          if (element.closest(skipped) || !visible(element)) continue;
          for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
            const value = element.getAttribute(attribute)?.trim();
            if (value) texts.push(value);
          }
        }
      }
      return texts;
    },
    [scope, skip] as const,
  );
}

/** English a page in `language` still shows; `known` are the data the test wrote (names, addresses). */
async function englishLeft(page: Page, language: Translated, skip: string, known: string[]): Promise<string[]> {
  const catalogEnglish = englishCatalogTexts(language);
  const left = new Set<string>();
  // Both languages' test data: a department one test made shows in another's filters.
  const testData = Object.values(data).flatMap((words) => Object.values(words));
  for (const raw of await visibleTexts(page, 'body', skip)) {
    let text = raw;
    for (const value of [...known, ...testData, ...LATIN_NAMES].sort((a, b) => b.length - a.length))
      text = text.split(value).join(' ');
    text = text
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
      .replace(/https?:\/\/\S+/g, ' ')
      // Brand names stay as they are in every language (the AI provider's among them).
      .replace(/\b(?:Tutorly|Gemini|Google|OpenAI)\b/g, ' ')
      // The names of OpenID Connect's claims (amr, acr), which a provider's settings are read by.
      .replace(/\b(?:amr|acr)\b/g, ' ')
      // Course codes (MATH 201) and identifiers such as a model's (gemini-flash-latest) are data.
      .replace(/\b[A-Z]{2,5}\s?\d{2,4}[A-Z]?\b/g, ' ')
      .replace(/\b[a-z0-9]+(?:-[a-z0-9.]+)+\b/g, ' ')
      // Paths (/privacy), host and file names (uni.example.edu) and settings' names (README, OIDC_ISSUER).
      .replace(/(?<![\w/])\/[\w/-]+/g, ' ')
      .replace(/\b\w+(?:\.\w+)+\b/g, ' ')
      .replace(/\b[A-Z][A-Z0-9_]{2,}\b/g, ' ')
      // The six hex digits tests add to their names to keep runs apart.
      .replace(/\b(?=[a-f]*\d)[0-9a-f]{6}\b/g, ' ')
      .trim();
    if (!/\p{L}/u.test(text)) continue;
    const english =
      catalogEnglish.has(text) ||
      ENGLISH_NAV.includes(text) ||
      (language === 'ar' ? /[A-Za-z]{2,}/.test(text) : ENGLISH_WORDS.test(text));
    if (english) left.add(raw);
  }
  return [...left];
}

/** Every English text seen on a translated page, by page, printed at the end for whoever finishes the catalogs. */
const seenEnglish: string[] = [];

interface Check {
  language: Translated;
  /** The data the test wrote in the language, set aside when looking for English. */
  known: string[];
  /** Pages that show other people's data (from other tests) are searched for English outside it. */
  interfaceOnly?: boolean;
}

/** Where pages list other people's data: reviews and tutors (articles), table cells and row headers, list items but the navigation's. */
const OTHERS_DATA = 'option, article, td, tbody th, li:not(nav li)';

/** The page as it stands: its language and direction, no English left, no axe violation; then at 360 px, no sideways scroll. */
async function checkPage(page: Page, where: string, { language, known, interfaceOnly }: Check): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  const loading = ['Loading...', ...translationsOf(language, 'Loading...')];
  await expect(page.getByText(new RegExp(`^(?:${loading.map(escape).join('|')})$`))).toHaveCount(0);

  const navigation = await visibleTexts(page, 'nav, [role="navigation"]');
  expect
    .soft(
      navigation.filter((text) => ENGLISH_NAV.includes(text)),
      `English navigation labels on ${where} (${language})`,
    )
    .toEqual([]);
  const left = await englishLeft(page, language, interfaceOnly ? OTHERS_DATA : 'option', known);
  for (const text of left) seenEnglish.push(`${language} ${where}: ${text}`);
  expect.soft(left, `English left on ${where} (${language})`).toEqual([]);
  expect.soft(await accessibilityViolations(page), `accessibility violations on ${where} (${language})`).toEqual([]);

  const viewport = page.viewportSize();
  await page.setViewportSize(phone);
  await expectNoSidewaysScroll(page, `${where} at 360 px (${language})`);
  if (viewport) await page.setViewportSize(viewport);
}

/** A browser context that reads the site in `language`, as the lang cookie asks. */
async function contextIn(browser: Browser, language: Language): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
  return context;
}

/** What the tests write, in each language: names, a department, courses, a review. */
const data = {
  es: {
    tutor: 'Lucía Fernández',
    department: 'Matemáticas',
    course: 'Cálculo Diferencial',
    biography: 'Horas de consulta los martes.',
    student: 'Marta Gómez',
    reviewTitle: 'Explica con mucha claridad',
    reviewBody: 'Cada demostración se construye paso a paso en la pizarra.',
    otherTitle: 'Buenas clases',
    hideReason: 'Parece un ataque personal.',
  },
  ar: {
    tutor: 'سارة الحسن',
    department: 'الرياضيات',
    course: 'التفاضل والتكامل',
    biography: 'ساعات مكتبية يوم الثلاثاء.',
    student: 'ليلى حداد',
    reviewTitle: 'تشرح بوضوح شديد',
    reviewBody: 'تبني كل برهان خطوة بخطوة على السبورة.',
    otherTitle: 'محاضرات جيدة',
    hideReason: 'تبدو هجومًا شخصيًا.',
  },
} satisfies Record<Translated, Record<string, string>>;

/** A public tutor made by the admin through the API, in the language's words; its id. */
async function publishTutorIn(browser: Browser, language: Translated, name: string): Promise<string> {
  const context = await contextIn(browser, language);
  const adminPage = await context.newPage();
  await logInAs(adminPage, admin);
  const imageKey = await uploadPicture(adminPage.request);
  const response = await adminPage.request.post('/api/admin/tutors', {
    data: {
      name,
      department: data[language].department,
      biography: data[language].biography,
      courses: [data[language].course],
      imageKey,
      isPublic: true,
    },
  });
  expect(response.status()).toBe(201);
  const { tutor } = await response.json();
  await context.close();
  return tutor.id;
}

for (const language of ['es', 'ar'] as const) {
  const words = data[language];
  const t = (english: string, values?: Record<string, string>) => textIn(language, english, values);
  const either = (english: string) => textOrEnglish(language, english);

  test.describe(`in ${languageNames[language]}`, () => {
    test.afterAll(() => {
      if (seenEnglish.length > 0) console.log(`English seen on translated pages:\n${seenEnglish.join('\n')}`);
    });

    test('a visitor: the landing page, signing up, verifying the address and logging in', async ({ browser }) => {
      const context = await contextIn(browser, language);
      const page = await context.newPage();
      const student = newStudent({ name: words.student });
      const check: Check = { language, known: [student.name, student.email] };
      try {
        const site = await siteName(page);
        check.known.push(site);
        await page.goto('/');
        await expect
          .soft(page.getByRole('heading', { level: 1 }))
          .toHaveText(t('Welcome to {{siteName}}', { siteName: site }));
        await checkPage(page, 'the landing page', check);

        await page.goto('/signup');
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Sign Up'));
        await checkPage(page, 'sign up', check);
        await page.getByLabel(either('Name')).fill(student.name);
        await page.getByLabel(either('Email')).fill(student.email);
        await page.getByLabel(either('Password')).fill(student.password);
        await page.getByRole('button', { name: either('Sign Up') }).click();
        await expect(page).toHaveURL(/\/login/);

        // The mail is written in the language of the page it was asked from.
        const mail = await latestMailTo(student.email);
        const subject = mailSubject(language, 'Verify your email for {{siteName}}', { siteName: site });
        if (subject) expect.soft(mail.subject, 'the verification mail').toBe(subject);
        else expect.soft(mail.subject, 'the verification mail').not.toMatch(/^Verify your email/);
        await page.goto(mail.link!);
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Email Verified!'));
        await checkPage(page, 'the verified address', check);

        await page.goto('/login');
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Login'));
        await checkPage(page, 'login', check);
        await page.getByLabel(either('Email')).fill(student.email);
        await page.getByLabel(either('Password')).fill(student.password);
        await page.getByRole('button', { name: either('Login') }).click();
        await expect(page.getByRole('heading', { name: student.name.toUpperCase() })).toBeVisible();
        await checkPage(page, 'the dashboard', { ...check, interfaceOnly: true });
      } finally {
        await context.close();
      }
    });

    test('a student: tutors, search, a profile, a review, My Reviews, notifications and the profile', async ({
      browser,
    }) => {
      const tutorName = `${words.tutor} ${suffix()}`;
      const tutorId = await publishTutorIn(browser, language, tutorName);
      const context = await contextIn(browser, language);
      const page = await context.newPage();
      const student = await createStudent(page.request, { name: words.student });
      await logInAs(page, student);
      const check: Check = { language, known: [student.name, student.email, tutorName, await siteName(page)] };

      try {
        await page.goto('/user/tutors');
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Tutors'));
        await page.getByRole('searchbox').fill(tutorName);
        const card = page.getByRole('article').filter({ hasText: tutorName });
        await expect(card).toBeVisible();
        // The search has answered: only its tutor is listed, not other tests' from the first page.
        await expect(page.getByRole('article')).toHaveCount(1);
        await checkPage(page, 'the tutors list, searched', check);

        await card.getByRole('link', { name: either('View Tutor Profile') }).click();
        await expect(page.getByRole('heading', { name: tutorName, level: 1 })).toBeVisible();
        await checkPage(page, "a tutor's profile", check);

        await page.getByRole('link', { name: either('Rate the Tutor') }).click();
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Submit a Review'));
        await checkPage(page, 'the review form', check);
        await page.getByLabel(either('Title')).fill(words.reviewTitle);
        await page.getByRole('radio').nth(4).check();
        await page.getByRole('textbox', { name: either('Review') }).fill(words.reviewBody);
        await page.getByRole('button', { name: either('Submit Review') }).click();
        await expect.soft(page.getByText(t('Review submitted successfully!'))).toBeVisible();
        await expect(page).toHaveURL(/\/user\/myreviews$/);
        await expect(page.getByRole('heading', { name: words.reviewTitle })).toBeVisible();
        await checkPage(page, 'My Reviews', check);

        // A moderator hides the review: the author is told, in the language.
        const adminContext = await contextIn(browser, language);
        const adminPage = await adminContext.newPage();
        await logInAs(adminPage, admin);
        const mine = await page.request.get(`/api/reviews/mine?tutorId=${tutorId}`);
        expect(mine.status()).toBe(200);
        const reviewId = ((await mine.json()).items as { id: string }[])[0]!.id;
        const hidden = await adminPage.request.post(`/api/admin/reviews/${reviewId}/hide`, {
          data: { reason: words.hideReason },
        });
        expect(hidden.status()).toBe(200);
        await adminContext.close();

        await page.goto('/user/notifications');
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Notifications'));
        await expect(page.getByText(words.hideReason)).toBeVisible();
        // The departments one can follow are every public tutor's, other tests' among them.
        const departments = await page.request.get('/api/tutors/departments');
        const departmentNames = ((await departments.json()).items as { name: string }[]).map((item) => item.name);
        await checkPage(page, 'notifications', {
          ...check,
          known: [...check.known, words.hideReason, ...departmentNames],
        });

        await page.goto('/user/profile');
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await checkPage(page, 'the profile', check);

        await page.goto('/user/allreviews');
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('All Reviews'));
        await checkPage(page, 'All Reviews', { ...check, interfaceOnly: true });
      } finally {
        await context.close();
      }
    });

    test('an administrator: the dashboard, users, review management and settings', async ({ browser }) => {
      const tutorName = `${words.tutor} ${suffix()}`;
      const tutorId = await publishTutorIn(browser, language, tutorName);
      const writerContext = await contextIn(browser, language);
      const writer = await writerContext.newPage();
      const student = await createStudent(writer.request, { name: `${words.student} ${suffix()}` });
      await logInAs(writer, student);
      const title = `${words.otherTitle} ${suffix()}`;
      await reviewThroughApi(writer.request, tutorId, { title, rating: 4, body: words.reviewBody });
      await writerContext.close();

      // The administrator's account has no language of its own: the device's cookie decides.
      const context = await contextIn(browser, language);
      const page = await context.newPage();
      await logInAs(page, admin);
      const check: Check = {
        language,
        known: [await siteName(page), student.name, student.email, tutorName, title, 'E2E Admin', admin.email],
      };
      try {
        await page.goto('/admin');
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Admin Dashboard'));
        await checkPage(page, 'the admin dashboard', { ...check, interfaceOnly: true });

        await page.goto(`/admin/users?q=${encodeURIComponent(student.email)}`);
        await expect(page.getByText(student.email).first()).toBeVisible();
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Users'));
        await checkPage(page, 'users', check);

        await page.goto(`/admin/review-managment?q=${encodeURIComponent(title)}`);
        await expect(page.getByRole('button', { name: title })).toBeVisible();
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Review Management'));
        await checkPage(page, 'review management', check);

        await page.goto(`/admin/managesubmissions`);
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Manage Submissions'));
        await checkPage(page, 'manage submissions', { ...check, interfaceOnly: true });

        await page.goto('/admin/settings');
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Settings'));
        // The tags field holds the list as stored, which an administrator edits as written.
        await checkPage(page, 'settings', {
          ...check,
          known: [...check.known, ...DEFAULT_REVIEW_TAGS],
          interfaceOnly: true,
        });

        await page.goto('/admin/audit-log');
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(t('Audit Log'));
        await checkPage(page, 'the audit log', { ...check, interfaceOnly: true });
      } finally {
        await context.close();
      }
    });
  });
}

/**
 * The language control (a select, or a button opening a list) offering every language by its own
 * name; in the signed-in area it may sit in the Account menu, which is opened when `menu` is given.
 */
async function chooseLanguage(page: Page, name: string, menu?: RegExp): Promise<void> {
  const select = page.locator('select').filter({ has: page.locator('option', { hasText: languageNames.ar }) });
  // The control's name, in any language, from the `languages` catalog (else the word itself).
  const labels = (['en', 'es', 'ar'] as const).map((language) => cached(language, 'languages').get('menu.label'));
  const button = page.getByRole('button', {
    name: new RegExp(
      labels.every(Boolean) ? labels.map((label) => escape(label!)).join('|') : 'language|idioma|اللغة',
      'i',
    ),
  });
  const control = select.or(button).first();
  if (menu && !(await control.isVisible())) await page.getByRole('button', { name: menu }).click();
  await expect(control, 'a language control listing English, Español and العربية').toBeVisible();
  if (await select.first().isVisible()) {
    for (const language of Object.values(languageNames))
      await expect(select.first().locator('option', { hasText: language })).toBeAttached();
    await select.first().selectOption({ label: name });
    return;
  }
  await button.first().click();
  await page.getByRole('menuitemradio', { name }).or(page.getByRole('menuitem', { name })).first().click();
}

test('the language menu: a visitor on the landing page, then a student in the top bar, kept by the account', async ({
  page,
  browser,
}) => {
  const site = await siteName(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await chooseLanguage(page, languageNames.es);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect
    .soft(page.getByRole('heading', { level: 1 }))
    .toHaveText(textIn('es', 'Welcome to {{siteName}}', { siteName: site }));
  // The choice is the device's: the next page comes in Spanish from the server.
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('es');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  const student = await createStudent(page.request, { name: data.ar.student });
  await logInAs(page, student);
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { name: student.name.toUpperCase() })).toBeVisible();
  await chooseLanguage(page, languageNames.ar, textOrEnglish('es', 'Account'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect
    .soft(
      page
        .getByRole('navigation')
        .first()
        .getByRole('link', { name: textIn('ar', 'Tutors') }),
    )
    .toBeVisible();
  expect(await accessibilityViolations(page), 'the dashboard after choosing Arabic').toEqual([]);

  // Another device, never told: signing in brings the account's language to it.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await logInAs(other, student);
    await other.goto('/user/tutors');
    await expect(other.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(other.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect.soft(other.getByRole('heading', { level: 1 })).toHaveText(textIn('ar', 'Tutors'));
  } finally {
    await elsewhere.close();
  }

  // Back to English, from the Arabic menu.
  await chooseLanguage(page, languageNames.en, textOrEnglish('ar', 'Account'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).not.toHaveAttribute('dir', 'rtl');
});
