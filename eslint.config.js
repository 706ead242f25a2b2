// The rules this codebase keeps, checked by `npm run lint` (part of `npm test`).
// The architecture lives here: what may import what, and no import cycles anywhere.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** import-x zones: `target` files may not import from `from`. */
const architecture = [
  // Shared schemas and texts are the contract between server and web: they depend on neither.
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'src/shared is imported by server and web; it imports neither.',
  },
  {
    target: './src/server',
    from: './src/web',
    message: 'The server does not import browser code; share it through src/shared.',
  },
  {
    target: './src/web',
    from: ['./src/server', './tools', './test'],
    message: 'The web app imports only src/web and src/shared.',
  },
  // Server layers: routes → services → db, never back.
  {
    target: './src/server/db',
    from: ['./src/server/services', './src/server/routes', './src/server/plugins'],
    message: 'The database layer does not depend on the layers above it.',
  },
  {
    target: './src/server/services',
    from: ['./src/server/routes', './src/server/plugins'],
    message: 'Services know nothing of HTTP: no routes or plugins.',
  },
  // Web features stand alone: shared pieces live in components/, hooks/, lib/ or config/.
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: `Features do not import each other; move what ${feature} needs into components/, hooks/ or lib/.`,
  })),
  {
    target: ['./src/web/components', './src/web/hooks', './src/web/lib', './src/web/config'],
    from: ['./src/web/features', './src/web/routes', './src/web/app'],
    message: 'Shared web code does not depend on features, routes or the app shell.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'drizzle/meta/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'src/web/tsconfig.json', 'test/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: architecture }],
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/web/public/**/*.js'],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Every text a reader sees comes from the message catalogs (src/web/i18n/locales): a literal
    // in JSX, in a user-facing attribute or prop, or handed to a toast or the tab title would
    // show in English whatever the reader's language.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          // The catalogs' own functions: `t`, and each namespace's fixed `t` (commonText, reviewsText…).
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              '[a-z]+Text',
              'require',
              'addEventListener',
              'removeEventListener',
              'includes',
              'startsWith',
              'endsWith',
            ],
          },
          'jsx-attributes': {
            include: [
              'label',
              'title',
              'alt',
              'aria-label',
              'aria-description',
              'aria-roledescription',
              'aria-valuetext',
              'placeholder',
              'description',
              'hint',
              'heading',
              'legend',
              'caption',
              'message',
              'explanation',
              'summary',
              '[a-z]+(Label|Text|Title|Message|Description|Hint|Heading|Placeholder|Explanation)',
            ],
          },
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='toast'] > :matches(Literal, TemplateLiteral).arguments:first-child, CallExpression[callee.object.name='toast'] > :matches(Literal, TemplateLiteral).arguments:first-child",
          message: "A toast's text comes from the message catalogs (t('…')), not a literal.",
        },
        {
          selector: "CallExpression[callee.name='useTabTitle'] > :matches(Literal, TemplateLiteral).arguments",
          message: "A page's title comes from the message catalogs (t('…')), not a literal.",
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts', 'tools/**/*.ts', 'test/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Command-line tools and tests talk to their terminal; the server logs through pino.
    files: ['src/server/cli/**/*.ts', 'tools/**/*.ts', 'test/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
