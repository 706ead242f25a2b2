import { apiPaths } from './api-paths';

/*
 * A signed-in page carries its first API answers in its HTML (src/server/lib/first-answers.ts);
 * the web app's API client takes each from there once (src/web/lib/first-answers.ts). Apart from
 * page-data.ts, so the API client, which every page loads, does not load the routes' URL rules.
 */

/** The id of the data element that holds the answers, by URL. */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

/** What every page asks for first, whatever its route: who is signed in, and the site's name. */
export const EVERY_PAGE_DATA_URLS = [apiPaths.session, apiPaths.publicSettings] as const;
