import { DEFAULT_REVIEW_TAGS } from '../../src/shared/reviews-constants';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import type { AiStatus } from '../../src/shared/ai-drafting';
import {
  type AdminSettings,
  type PublicSettings,
  RESTRICT_WITHOUT_DOMAINS_MESSAGE,
  SITE_PAGE_MAX_LENGTH,
  type SitePages,
} from '../../src/shared/settings';
import { apiPaths } from '../../src/shared/api-paths';
import { type FakeGemini, startFakeGemini } from '../fakes/fake-gemini';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTutorRecord } from '../helpers/factories';

const GEMINI_KEY = 'gemini-key-settings-7d1e93';

let t: TestApp;
let admin: Actor;
let student: Actor;
async function start(env: Record<string, string> = {}) {
  t = await createTestApp({ env });
  admin = await signedInAdmin(t, 'Dana Dean');
  student = await signedInStudent(t, 'Sam Student');
}
afterEach(() => t.close());

const noPages = { privacyPolicy: false, termsOfService: false, contact: false };
const noPageTexts = { privacyPolicy: '', termsOfService: '', contactEmail: '' };
const defaultTags = [...DEFAULT_REVIEW_TAGS];

async function publicSettings(): Promise<PublicSettings> {
  const response = await callAs(t, undefined, 'GET', apiPaths.publicSettings);
  expect(response.statusCode).toBe(200);
  return response.json<PublicSettings>();
}

async function adminSettings(): Promise<AdminSettings> {
  const response = await callAs(t, admin, 'GET', apiPaths.adminSettings);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminSettings>();
}

describe('without an AI provider', () => {
  test('defaults: everyone sees the public part, administrators everything, with no provider', async () => {
    await start({ AI_DRAFTS_PER_HOUR: '7' });

    expect(await publicSettings()).toEqual({
      siteName: 'Tutorly',
      signupDomains: [],
      restrictSignupToDomains: false,
      campusSignIn: null,
      passwordSignIn: true,
      sitePages: noPages,
      reviewTags: defaultTags,
      screeningMode: 'warn',
    });
    expect(await adminSettings()).toEqual({
      siteName: 'Tutorly',
      signupDomains: [],
      restrictSignupToDomains: false,
      passwordSignIn: true,
      campusAddressesAuthoritative: false,
      aiDraftsPerHour: 7,
      campusSignIn: null,
      ...noPageTexts,
      reviewTags: defaultTags,
      screeningMode: 'warn',
      aiScreening: false,
      aiSummaries: false,
      adminsMustUseSecondFactor: true,
      campusSecondFactorTrusted: false,
      ai: { provider: null, providerLabel: null, model: null },
    });
  });

  test('the administrator routes are refused to students (403) and anonymous visitors (401)', async () => {
    await start();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { siteName: 'Hijacked' }],
    ] as const) {
      expect((await callAs(t, student, method, apiPaths.adminSettings, payload)).statusCode).toBe(403);
      expect((await callAs(t, undefined, method, apiPaths.adminSettings, payload)).statusCode).toBe(401);
    }
    expect((await publicSettings()).siteName).toBe('Tutorly');
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  test('changes are stored, shown to everyone, and recorded with what changed', async () => {
    await start();

    const response = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, {
      signupDomains: ['@Uni.Example.edu', 'cs.uni.example.edu', 'uni.example.edu'],
      restrictSignupToDomains: true,
      aiDraftsPerHour: 4,
    });

    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      siteName: 'Tutorly',
      signupDomains: ['uni.example.edu', 'cs.uni.example.edu'],
      restrictSignupToDomains: true,
      passwordSignIn: true,
      campusAddressesAuthoritative: false,
      aiDraftsPerHour: 4,
      campusSignIn: null,
      ...noPageTexts,
      reviewTags: defaultTags,
      screeningMode: 'warn',
      aiScreening: false,
      aiSummaries: false,
      adminsMustUseSecondFactor: true,
      campusSecondFactorTrusted: false,
      ai: { provider: null, providerLabel: null, model: null },
    };
    expect(response.json()).toEqual(expected);
    expect(await adminSettings()).toEqual(expected);
    expect(await publicSettings()).toEqual({
      siteName: 'Tutorly',
      signupDomains: ['uni.example.edu', 'cs.uni.example.edu'],
      restrictSignupToDomains: true,
      campusSignIn: null,
      passwordSignIn: true,
      sitePages: noPages,
      reviewTags: defaultTags,
      screeningMode: 'warn',
    });

    expect(await t.db.select().from(auditLog)).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'settings_updated',
        targetType: 'settings',
        targetId: null,
        data: {
          changes: {
            signupDomains: ['uni.example.edu', 'cs.uni.example.edu'],
            restrictSignupToDomains: true,
            aiDraftsPerHour: 4,
          },
        },
        createdAt: t.clock(),
      }),
    ]);
  });

  test('only what really changed is recorded; saving the same values records nothing', async () => {
    await start();
    await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { siteName: 'Campus Tutors' });
    t.clock.advance(60_000);

    expect(
      (
        await callAs(t, admin, 'PATCH', apiPaths.adminSettings, {
          siteName: 'Campus Tutors',
          restrictSignupToDomains: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { siteName: 'Campus Reviews', aiDraftsPerHour: 10 }))
        .statusCode,
    ).toBe(200);

    const entries = await t.db.select().from(auditLog).orderBy(auditLog.createdAt);
    expect(entries.map((entry) => entry.data)).toEqual([
      { changes: { siteName: 'Campus Tutors' } },
      { changes: { siteName: 'Campus Reviews' } },
    ]);
  });

  test('restricting sign-up without a domain is refused, and nothing is stored or recorded', async () => {
    await start();

    const refused = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, {
      restrictSignupToDomains: true,
      siteName: 'Campus Tutors',
    });

    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'validation_error', message: RESTRICT_WITHOUT_DOMAINS_MESSAGE });
    expect(await publicSettings()).toEqual({
      siteName: 'Tutorly',
      signupDomains: [],
      restrictSignupToDomains: false,
      campusSignIn: null,
      passwordSignIn: true,
      sitePages: noPages,
      reviewTags: defaultTags,
      screeningMode: 'warn',
    });
    expect(await t.db.select().from(auditLog)).toEqual([]);

    // Nor can the last domain be removed while the restriction is on.
    expect(
      (
        await callAs(t, admin, 'PATCH', apiPaths.adminSettings, {
          signupDomains: ['uni.example.edu'],
          restrictSignupToDomains: true,
        })
      ).statusCode,
    ).toBe(200);
    const emptied = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { signupDomains: [] });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().error.message).toBe(RESTRICT_WITHOUT_DOMAINS_MESSAGE);
    expect((await publicSettings()).signupDomains).toEqual(['uni.example.edu']);
  });

  test('values out of range are refused with the form messages', async () => {
    await start();

    const cases = [
      [{ aiDraftsPerHour: 0 }, 'aiDraftsPerHour', 'At least 1 draft an hour.'],
      [{ aiDraftsPerHour: 1001 }, 'aiDraftsPerHour', 'At most 1000 drafts an hour.'],
      [{ signupDomains: ['not a domain'] }, 'signupDomains.0', 'Enter domains like uni.example.edu.'],
      [{ siteName: '  ' }, 'siteName', 'Site name is required.'],
    ] as const;
    for (const [changes, path, message] of cases) {
      const response = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, changes);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'validation_error', message, fields: [{ path, message }] });
    }
  });
});

describe('site pages', () => {
  async function sitePages(): Promise<SitePages> {
    const response = await callAs(t, undefined, 'GET', apiPaths.sitePages);
    expect(response.statusCode).toBe(200);
    return response.json<SitePages>();
  }

  test('unset pages read as null and the footer is told none is written', async () => {
    await start();
    expect(await sitePages()).toEqual({ privacyPolicy: null, termsOfService: null, contactEmail: null });
    expect((await publicSettings()).sitePages).toEqual(noPages);
  });

  test('an administrator writes them; every visitor reads them as written, trimmed; emptying one unsets it', async () => {
    await start();
    const policy = 'We keep your email address.\n\nQuestions: https://uni.example.edu/privacy <b>not markup</b>';
    const saved = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, {
      privacyPolicy: `  ${policy}\n`,
      termsOfService: 'Be kind.',
      contactEmail: ' Help@Uni.Example.edu ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      privacyPolicy: policy,
      termsOfService: 'Be kind.',
      contactEmail: 'help@uni.example.edu',
    });
    expect(await sitePages()).toEqual({
      privacyPolicy: policy,
      termsOfService: 'Be kind.',
      contactEmail: 'help@uni.example.edu',
    });
    expect((await publicSettings()).sitePages).toEqual({ privacyPolicy: true, termsOfService: true, contact: true });
    // Students read them too, as anyone does.
    expect((await callAs(t, student, 'GET', apiPaths.sitePages)).json().termsOfService).toBe('Be kind.');

    // The audit entry says a long text changed without copying it.
    const [entry] = await t.db.select().from(auditLog);
    expect(entry?.data).toEqual({
      changes: {
        privacyPolicy: `${policy.length} characters`,
        termsOfService: '8 characters',
        contactEmail: 'help@uni.example.edu',
      },
    });

    expect((await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { termsOfService: '   ' })).statusCode).toBe(200);
    expect((await sitePages()).termsOfService).toBeNull();
    expect((await publicSettings()).sitePages).toEqual({ privacyPolicy: true, termsOfService: false, contact: true });
  });

  test('a contact that is not an email address and a page over the limit are refused, and nothing is stored', async () => {
    await start();
    const cases = [
      [{ contactEmail: 'not an address' }, 'contactEmail', 'Please enter a valid email address.'],
      [
        { privacyPolicy: 'x'.repeat(SITE_PAGE_MAX_LENGTH + 1) },
        'privacyPolicy',
        `The privacy policy must be at most ${SITE_PAGE_MAX_LENGTH.toLocaleString('en')} characters.`,
      ],
    ] as const;
    for (const [changes, path, message] of cases) {
      const response = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, changes);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'validation_error', message, fields: [{ path, message }] });
    }
    expect(await sitePages()).toEqual({ privacyPolicy: null, termsOfService: null, contactEmail: null });
  });
});

describe('with an AI provider', () => {
  let gemini: FakeGemini;
  beforeAll(async () => {
    gemini = await startFakeGemini({ apiKey: GEMINI_KEY });
  });
  afterAll(() => gemini.close());

  test("the settings name the provider, and the administrator's hourly limit is the one that applies", async () => {
    gemini.reset();
    gemini.chunkDelayMs = 0;
    await start({ GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: gemini.url, AI_DRAFTS_PER_HOUR: '10' });
    const tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
    const status = async () => (await callAs(t, student, 'GET', apiPaths.aiStatus)).json<AiStatus>();

    expect((await adminSettings()).ai).toEqual({
      provider: 'gemini',
      providerLabel: 'Gemini (Google)',
      model: 'gemini-flash-latest',
    });
    expect(await status()).toMatchObject({ available: true, draftsPerHour: 10, draftsLeft: 10 });

    expect((await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { aiDraftsPerHour: 1 })).statusCode).toBe(200);
    expect(await status()).toMatchObject({ draftsPerHour: 1, draftsLeft: 1 });

    const draft = { tutorId: tutor.id, title: 'Patient', rating: 5, notes: '' };
    expect((await callAs(t, student, 'POST', apiPaths.reviewDrafts, draft)).statusCode).toBe(200);
    const refused = await callAs(t, student, 'POST', apiPaths.reviewDrafts, draft);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^You have used all 1 AI drafts for this hour\./);
    expect(await status()).toMatchObject({ draftsPerHour: 1, draftsLeft: 0 });

    // Raising the limit frees drafts at once.
    expect((await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { aiDraftsPerHour: 3 })).statusCode).toBe(200);
    expect(await status()).toMatchObject({ draftsPerHour: 3, draftsLeft: 2 });
  });
});
