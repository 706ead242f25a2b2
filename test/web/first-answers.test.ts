import { afterEach, expect, it, vi } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';
import { FIRST_ANSWERS_ELEMENT_ID } from '../../src/shared/first-answers';

const TUTORS_URL = '/api/tutors?sort=rating&page=1';
const carried = {
  [apiPaths.session]: { account: null },
  [TUTORS_URL]: { items: [{ name: 'Ada </script> Byron' }] },
};

/** The API client as a page that carries `carried` loads it, and the URLs it sent to the network. */
async function clientOfAPageCarryingAnswers() {
  const removed = vi.fn();
  vi.stubGlobal('document', {
    documentElement: { lang: 'en' },
    getElementById: (id: string) =>
      id === FIRST_ANSWERS_ELEMENT_ID ? { textContent: JSON.stringify(carried), remove: removed } : null,
  });
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response(JSON.stringify({ fromNetwork: url }), { headers: { 'content-type': 'application/json' } });
  });
  vi.resetModules();
  const { api } = await import('../../src/web/lib/api-client');
  const { dropFirstAnswers } = await import('../../src/web/lib/first-answers');
  return { api, dropFirstAnswers, fetched, removed };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

it('answers a GET the page carries from the page, once, and asks the network for everything else', async () => {
  const { api, fetched, removed } = await clientOfAPageCarryingAnswers();

  expect(await api.get(TUTORS_URL)).toEqual(carried[TUTORS_URL]);
  expect(fetched).toEqual([]);
  // The data element leaves the page once read.
  expect(removed).toHaveBeenCalledOnce();
  expect(await api.get(TUTORS_URL)).toEqual({ fromNetwork: TUTORS_URL });
  expect(await api.get(apiPaths.tutorDepartments)).toEqual({ fromNetwork: apiPaths.tutorDepartments });
  expect(fetched).toEqual([TUTORS_URL, apiPaths.tutorDepartments]);
});

it('drops the answers the first page has not used: nothing later is answered from them', async () => {
  const { api, dropFirstAnswers, fetched } = await clientOfAPageCarryingAnswers();

  dropFirstAnswers();

  expect(await api.get(apiPaths.session)).toEqual({ fromNetwork: apiPaths.session });
  expect(fetched).toEqual([apiPaths.session]);
});
