import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { EVERY_PAGE_DATA_URLS } from '../../shared/first-answers';
import { firstPageDataUrls } from '../../shared/page-data';
import { DEFAULT_LANGUAGE, languageDirection, type Language } from '../../shared/languages';
import { THEME_COOKIE, themeAttribute } from '../../shared/theme';
import { type FirstAnswers, firstAnswers, withFirstAnswers } from '../lib/first-answers';
import { withPageDescription } from '../lib/page-description';
import { projectRoot } from '../lib/project-root';
import { requestLanguage } from '../lib/request-language';
import { sessionCookieName } from './auth';
import { METRICS_PATH } from './metrics';

export const webDistDir = path.join(projectRoot, 'dist', 'web');

/** Where the build puts its hashed files (and those of the builds before it, tools/build/previous-assets.ts). */
const ASSETS_PREFIX = '/assets/';

/** The page for `/` alone: the landing page's lean bundle, without the app's router. */
const LANDING_PAGE = 'landing.html';

/** Each client route's lazily loaded modules, written by the build (tools/build/route-budgets.ts). */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
const routePreloadsSchema = z.array(z.object({ path: z.string(), modules: z.array(z.string()) }));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pathnames a React Router path matches, as React Router matches them: `:id` is one segment,
 * a trailing `?` makes a segment optional, `*` takes the rest; case-insensitive, trailing slash
 * allowed.
 */
export function routePathPattern(routePath: string): RegExp {
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      const optional = segment.endsWith('?');
      const name = optional ? segment.slice(0, -1) : segment;
      const part = name.startsWith(':') ? '/[^/]+' : `/${escapeRegExp(name)}`;
      return optional ? `(?:${part})?` : part;
    });
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

/**
 * For each client route, the `Link` header that has the browser fetch the route's modules along
 * with the app's own, instead of only once the app has started and asked for the route.
 */
function readRoutePreloads(distDir: string): { pattern: RegExp; link: string }[] {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return [];
  const routes = routePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return (
    routes
      .map((route) => ({
        pattern: routePathPattern(route.path),
        link: route.modules.map((module) => `<${module}>; rel=modulepreload`).join(', '),
        catchAll: route.path.endsWith('*'),
      }))
      // As React Router ranks them: the catch-all only when nothing else matches.
      .sort((a, b) => Number(a.catchAll) - Number(b.catchAll))
  );
}

type PageEncoding = 'br' | 'gzip' | 'identity';

/** The encoding the browser takes, best first; pages are small, so no quality values are weighed. */
function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/**
 * The page's `<html>` tag for a theme and a language: `data-theme` for an explicit theme, `lang`
 * always, and `dir` for a language other than the built page's English (left to right needs none).
 */
export function htmlTag(builtTag: string, theme: 'light' | 'dark' | null, language: Language): string {
  const otherAttributes = builtTag
    .replace(/^<html\b/i, '')
    .replace(/>$/, '')
    .replace(/\s(?:data-theme|lang|dir)="[^"]*"/gi, '');
  const themeAttribute = theme ? ` data-theme="${theme}"` : '';
  const direction = language === DEFAULT_LANGUAGE ? '' : ` dir="${languageDirection(language)}"`;
  return `<html${themeAttribute} lang="${language}"${direction}${otherAttributes}>`;
}

/**
 * A page as the theme cookie and the reader's language ask for it: `<html data-theme="dark">`
 * and `<html lang="ar" dir="rtl">` in the very first bytes, so the page never shows in the other
 * theme or direction first, and no script has to run before it paints (the CSP allows none
 * inline). Without a theme cookie and in English, the file as built: the stylesheet follows the
 * system's preference alone. Each variant is made once, on first use, and compressed once.
 */
function themedPages(distDir: string) {
  const texts = new Map<string, string>();
  const compressed = new Map<string, Buffer>();
  function themedPageText(file: string, theme: 'light' | 'dark' | null, language: Language): string {
    const key = `${file} ${theme ?? 'system'} ${language}`;
    let html = texts.get(key);
    if (html === undefined) {
      html = withPageDescription(
        readFileSync(path.join(distDir, file), 'utf8').replace(/<html\b[^>]*>/i, (tag) =>
          htmlTag(tag, theme, language),
        ),
        language,
      );
      texts.set(key, html);
    }
    return html;
  }
  function themedPage(
    file: string,
    theme: 'light' | 'dark' | null,
    language: Language,
    encoding: PageEncoding,
  ): Buffer {
    const key = `${file} ${theme ?? 'system'} ${language} ${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      body = encodePage(themedPageText(file, theme, language), encoding, 'once');
      compressed.set(key, body);
    }
    return body;
  }
  return { themedPageText, themedPage };
}

/**
 * A page in the encoding the browser takes: at the highest levels for a page made once, at quick
 * ones for a page made for one request (a signed-in page with its first answers).
 */
function encodePage(html: string, encoding: PageEncoding, made: 'once' | 'per request'): Buffer {
  const raw = Buffer.from(html);
  if (encoding === 'br')
    return zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: made === 'once' ? zlib.constants.BROTLI_MAX_QUALITY : 5 },
    });
  if (encoding === 'gzip') return zlib.gzipSync(raw, { level: made === 'once' ? 9 : 6 });
  return raw;
}

/**
 * Serves the built web app: `/` with the landing page, and every other non-API GET with
 * index.html, so the client router decides (including its own 'Page Not Found'). API misses get
 * the JSON 404.
 */
export const webAppPlugin = fp(async function webApp(app: FastifyInstance, options: { distDir?: string }) {
  const distDir = options.distDir ?? webDistDir;
  const hasWebBuild = existsSync(path.join(distDir, 'index.html'));
  const hasLandingPage = existsSync(path.join(distDir, LANDING_PAGE));
  const routePreloads = hasWebBuild ? readRoutePreloads(distDir) : [];
  const { themedPageText, themedPage } = themedPages(distDir);

  function sendPage(request: FastifyRequest, reply: FastifyReply, file: string, answers?: FirstAnswers) {
    // The same URL is another page under another theme or language cookie, or another browser language.
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie, accept-language');
    const theme = themeAttribute(request.cookies[THEME_COOKIE]);
    // Pages load no session: a signed-in account's language reaches them through the lang cookie,
    // which signing in, choosing a language and the session answer keep up to date.
    const language = requestLanguage(request);
    const carriesAnswers = answers !== undefined && Object.keys(answers.bodies).length > 0;
    if (!carriesAnswers && !theme && language === DEFAULT_LANGUAGE) return reply.sendFile(file, distDir);
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    reply.type('text/html; charset=utf-8');
    if (!carriesAnswers) return reply.send(themedPage(file, theme, language, encoding));
    // The account's own data: for this browser alone.
    reply.header('cache-control', 'private, no-cache');
    for (const cookie of answers.setCookies) reply.header('set-cookie', cookie);
    const html = withFirstAnswers(themedPageText(file, theme, language), answers.bodies);
    return reply.send(encodePage(html, encoding, 'per request'));
  }
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; the browser's Accept-Encoding picks one,
      // and nothing is compressed per request (API answers, the AI draft stream included, stay as sent).
      preCompressed: true,
      // Those copies are reached through their originals, not as URLs of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so they never change.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`No web build found at ${distDir}; run "npm run build" to serve the web app.`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // /metrics is the server's even when it serves no metrics there: a 404, never the web app's page.
    const isServerPath = pathname === '/api' || pathname.startsWith('/api/') || pathname === METRICS_PATH;
    // An asset this build does not have (one of a build older than those it keeps) is a 404, never
    // the app's page: a browser would take that page for the script it asked for and fail on it.
    // Not cached: another instance, or this one after a deploy, may have it.
    if (pathname.startsWith(ASSETS_PREFIX))
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ error: { code: 'not_found', message: 'No such file in this build' } });
    if (!isServerPath && hasWebBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      if (pathname === '/' && hasLandingPage) return sendPage(request, reply, LANDING_PAGE);
      const preload = routePreloads.find((route) => route.pattern.test(pathname));
      if (preload) reply.header('link', preload.link);
      // A signed-in page carries its first answers; the page's queries take them from it instead
      // of asking once its scripts have started. Signed out, they would be 401s.
      let answers: FirstAnswers | undefined;
      if (request.method === 'GET' && request.cookies[sessionCookieName(app.config)]) {
        const search = new URLSearchParams(request.url.slice(pathname.length + 1));
        answers = await firstAnswers(app, request, [...EVERY_PAGE_DATA_URLS, ...firstPageDataUrls(pathname, search)]);
      }
      return sendPage(request, reply, 'index.html', answers);
    }
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: `No such endpoint: ${request.method} ${pathname}` } });
  });
});
