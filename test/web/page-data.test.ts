import { type LoaderFunction, RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';
import { FIRST_ANSWERS_ELEMENT_ID } from '../../src/shared/first-answers';
import { firstPageDataUrls } from '../../src/shared/page-data';
import { queryClient } from '../../src/web/app/query-client';
import { pageCommitted } from '../../src/web/lib/page-painted';
import { loader as tutorProfileLoader } from '../../src/web/routes/user/tutor-profile';
import { loader as tutorsLoader } from '../../src/web/routes/user/tutors';

const ORIGIN = 'http://tutorly.test';
const tutorId = '4b1c9f6e-2a7d-4c55-9d0b-1f2e3a4b5c6d';

/** Answers the app's requests as a signed-in student's server would, noting the API paths asked for. */
function answerRequests(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(input);
    const body =
      input === apiPaths.session
        ? { account: { id: 'u1', role: 'student', emailVerified: true } }
        : input === apiPaths.tutor(tutorId)
          ? { tutor: { id: tutorId, isPublic: true, reviewCount: 40 } }
          : { items: [] };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

/** Runs a route's loader for a URL, signed in, and returns the API paths its queries asked for. */
async function askedFor(loader: LoaderFunction, url: string, params: Record<string, string> = {}) {
  const asked = answerRequests();
  const request = new Request(ORIGIN + url);
  await loader({ request, url: new URL(request.url), pattern: '', params, context: new RouterContextProvider() });
  const atOnce = asked.filter((path) => path !== apiPaths.session);
  // What the page shows but does not wait for comes in tasks of its own, after.
  await vi.waitFor(() => expect(asked.length).toBeGreaterThan(atOnce.length + 1));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { atOnce, soon: asked.slice(atOnce.length + 1) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('on the first page the browser opens', () => {
  it('what the page does not wait for is asked for once the page has been drawn', async () => {
    const asked = answerRequests();
    const request = new Request(`${ORIGIN}/user/tutors`);
    await tutorsLoader({
      request,
      url: new URL(request.url),
      pattern: '',
      params: {},
      context: new RouterContextProvider(),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).not.toContain(apiPaths.unreadNotifications);
    // Node reports no paints: the page counts as drawn after the longest wait.
    pageCommitted();
    await vi.waitFor(() => expect(asked).toContain(apiPaths.unreadNotifications), { timeout: 3000 });
  });
});

describe("the answers the server announces with a page are the ones the page's loader asks for", () => {
  it.each(['/user/tutors', '/user/tutors?q=%20ada%20&department=Physics&sort=name&page=2', '/user/tutors?sort=x'])(
    '%s',
    async (url) => {
      const { pathname, searchParams } = new URL(ORIGIN + url);
      const { atOnce, soon } = await askedFor(tutorsLoader, url);
      expect(atOnce).toEqual(firstPageDataUrls(pathname, searchParams));
      expect(soon).toEqual([apiPaths.unreadNotifications]);
    },
  );

  it.each([
    `/user/tutorprofile/${tutorId}`,
    `/user/tutorprofile/${tutorId}?reviewsPage=2`,
    `/user/tutorprofile/${tutorId}?reviewsSort=helpful&reviewsCourse=MATH%20101&reviewsRating=4&reviewsRecent=1&reviewsPage=3`,
    `/user/tutorprofile/${tutorId}?reviewsSort=nonsense&reviewsRating=9&reviewsRecent=yes`,
  ])('%s', async (url) => {
    const { pathname, searchParams } = new URL(ORIGIN + url);
    const announced = firstPageDataUrls(pathname, searchParams);
    const besides = [apiPaths.tutorReviewSummary(tutorId), apiPaths.myTutorClaims];
    expect(announced.slice(3)).toEqual(besides);
    const { atOnce, soon } = await askedFor(tutorProfileLoader, url, { tutorId });
    expect(atOnce).toEqual(announced.slice(0, 3));
    // Carried by no page here: what the profile shows beside its data is asked for once it is drawn.
    expect(soon.sort()).toEqual([apiPaths.unreadNotifications, ...besides].sort());
  });
});

describe('a tutor profile opened anew', () => {
  it('has the AI summary and the claims its page carries in its first render, asking the API for neither', async () => {
    const summary = { summary: { sentences: [], reviewCount: 12, generatedAt: '2026-11-01T00:00:00.000Z' } };
    const claims = { items: [] };
    const carried = {
      [apiPaths.session]: { account: { id: 'u1', role: 'student', emailVerified: true } },
      ...Object.fromEntries(
        firstPageDataUrls(`/user/tutorprofile/${tutorId}`, new URLSearchParams()).map((url) => [url, { items: [] }]),
      ),
      [apiPaths.tutor(tutorId)]: { tutor: { id: tutorId, isPublic: true, reviewCount: 40 } },
      [apiPaths.tutorReviewSummary(tutorId)]: summary,
      [apiPaths.myTutorClaims]: claims,
    };
    vi.stubGlobal('document', {
      documentElement: { lang: 'en' },
      getElementById: (id: string) =>
        id === FIRST_ANSWERS_ELEMENT_ID ? { textContent: JSON.stringify(carried), remove: () => undefined } : null,
    });
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      asked.push(input);
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    });
    vi.resetModules();
    const { loader } = await import('../../src/web/routes/user/tutor-profile');
    const { queryClient: client } = await import('../../src/web/app/query-client');
    const { tutorKeys } = await import('../../src/web/features/tutors/api/query-keys');
    const request = new Request(`${ORIGIN}/user/tutorprofile/${tutorId}`);
    await loader({
      request,
      url: new URL(request.url),
      pattern: '',
      params: { tutorId },
      context: new RouterContextProvider(),
    });

    expect(client.getQueryData(tutorKeys.reviewSummary(tutorId))).toEqual(summary);
    expect(client.getQueryData(tutorKeys.myClaims())).toEqual(claims);
    expect(asked).toEqual([]);
    client.clear();
  });
});

describe("a tutor's reviews", () => {
  it('are asked for with the order and filters of the page, defaults left out', () => {
    const asked = (search: string) =>
      firstPageDataUrls(`/user/tutorprofile/${tutorId}`, new URLSearchParams(search))[1];
    expect(asked('')).toBe(`/api/tutors/${tutorId}/reviews?page=1`);
    expect(asked('reviewsSort=newest&reviewsRecent=0')).toBe(`/api/tutors/${tutorId}/reviews?page=1`);
    expect(asked('reviewsSort=helpful&reviewsCourse=MATH+101&reviewsRating=4&reviewsRecent=1&reviewsPage=3')).toBe(
      `/api/tutors/${tutorId}/reviews?sort=helpful&course=MATH+101&rating=4&recent=1&page=3`,
    );
    // Values the API would refuse are left out, as the page leaves them out.
    expect(asked('reviewsSort=best&reviewsRating=0&reviewsCourse=%20%20')).toBe(
      `/api/tutors/${tutorId}/reviews?page=1`,
    );
  });
});
