import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Local modules by file name (.js standing for .ts), as Vite's config loader asks.
import { landingPagePlugin } from './tools/build/landing-page.js';
import { compileHintsPlugin } from './tools/build/compile-hints.js';
import { fontWeightsPlugin } from './tools/build/font-weights.js';
import { precompressPlugin } from './tools/build/precompress.js';
import { previousAssetsPlugin } from './tools/build/previous-assets.js';
import { routeBudgetsPlugin } from './tools/build/route-budgets.js';
import { sourcelessMapsPlugin } from './tools/build/sourceless-maps.js';

const fromHere = (file: string) => fileURLToPath(new URL(file, import.meta.url));
/** The app: every path but `/`. */
const appPage = fromHere('./src/web/index.html');
/** `/` alone: React and the landing page, without the router, TanStack Query or toasts. */
const landingPage = fromHere('./src/web/landing.html');

// React Router 8's package sends the `development` condition to its development build (with its
// warnings and checks) and everything else to the production one, so `vite build` takes the latter.
export default defineConfig(() => ({
  root: fromHere('./src/web'),
  publicDir: fromHere('./src/web/public'),
  plugins: [
    react(),
    tailwindcss(),
    landingPagePlugin('landing.html'),
    routeBudgetsPlugin({
      router: fromHere('./src/web/app/router.tsx'),
      pages: { '/': landingPage },
      // Raised for the message catalogs (decision 0010's note of 2026-11-28): i18next is about
      // 16 KB on every page, and each page carries the English texts it shows.
      budgetsKb: {
        '/': 105,
        '*': 205,
        // The profile's security sections (second factors, linked university sign-ins; decisions
        // 29 and 30) are what an account page is for, and show at once: kept in the page.
        // Decision 0034: the dependency majors taken with Node 24 add up to a kilobyte to the pages
        // with the security forms.
        '/second-factor/setup': 206,
        '/user/profile': 217,
        '/user/notifications': 212,
        '/user/tutorform/:tutorId?': 215,
        '/user/add-teacher': 215,
        '/user/SubmitReview': 222,
        '/user/SubmitReview/:reviewId': 222,
        '/admin/users': 214,
        '/admin/settings': 211,
        '/admin/profile': 215,
        '/admin/teacher-form/:tutorId?': 212,
        '/admin/add-teacher': 212,
      },
      // Spanish and Arabic catalogs load only for their readers (src/web/i18n/i18n.ts).
      onDemand: /\/src\/web\/i18n\/locales\/(?!en\/)/,
      kept: [
        {
          // Setting up zod and the shared schemas is the largest piece of a page's start-up
          // script after React; a page that only shows data imports the zod-free constants
          // modules (src/shared/*-constants.ts) and loads its forms' dialogs on demand.
          paths: [
            '/',
            '/user/dashboard',
            '/user/tutors',
            '/user/tutorprofile/:tutorId?',
            '/user/allreviews',
            '/user/mytutors',
            '/user/myreviews',
            '/user/statistics',
          ],
          modules: /\/node_modules\/zod\//,
          why: 'pages that only show data do not load the schema library',
        },
      ],
    }),
    fontWeightsPlugin({
      files: ['latin', 'latin-ext'].map((subset) =>
        fromHere(`./node_modules/@fontsource-variable/inter/files/inter-${subset}-wght-normal.woff2`),
      ),
      outDir: fromHere('./node_modules/.cache/tutorly-fonts'),
    }),
    compileHintsPlugin(),
    sourcelessMapsPlugin(),
    precompressPlugin(),
    // After precompression: the previous builds' files come with their compressed copies.
    previousAssetsPlugin(),
  ],
  build: {
    outDir: fromHere('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      input: { index: appPage, landing: landingPage },
      // Schemas built with zod's `z` that no page uses are dropped.
      treeshake: { manualPureFunctions: ['z'] },
      // Required by the inlining below; the pages' entry modules export nothing.
      preserveEntrySignatures: false,
      onLog(level, log, handler) {
        // With inlining on, Rolldown asks for the source map of the JavaScript stand-in Tailwind
        // leaves for styles.css; there is no code there to map.
        if (log.code === 'SOURCEMAP_BROKEN' && log.plugin?.startsWith('@tailwindcss/vite')) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          // The libraries every page starts from, in two files that change only when they are
          // upgraded: React with its renderer and the message catalogs' i18next (every page, the
          // landing page too), and the app's router, TanStack Query and toasts (every page but the
          // landing page). Split by the modules that share them, they came in four to five files
          // per page, and in Lighthouse's simulation of a phone's connection (six connections, a
          // round trip each) every file more before the first paint showed in it (docs/performance.md).
          groups: [
            {
              name: 'react',
              test: /\/node_modules\/(?:react|react-dom|scheduler|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)\//,
              priority: 2,
            },
            {
              name: 'app-libraries',
              test: /\/node_modules\/(?:react-router|@tanstack|react-hot-toast|goober)\//,
              priority: 1,
            },
          ],
          // Left alone, code splitting gives every set of routes sharing a module its own file:
          // 20 to 40 files per route, each a request and a module to set up. Small shared chunks
          // are copied into the routes that use them instead (one module state still, through
          // Rolldown's runtime), so a route loads about ten files and nothing it does not use.
          experimentalInlineCommonChunks: {
            maxSize: 16 * 1024,
            // Vite emits a style module's CSS from every chunk listing it: chunks with styles stay files.
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
}));
