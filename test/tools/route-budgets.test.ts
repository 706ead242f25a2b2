import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  type ChunkNode,
  findKeptOutModules,
  formatRouteTable,
  measureRoutes,
  readRouteBranches,
} from '../../tools/build/route-budgets';

describe('reading the routes of a data router', () => {
  const source = `
    import { createBrowserRouter } from 'react-router';
    import { Home } from './home';
    const shared = { lazy: () => import('./pages/shared') };
    export const routes = [
      {
        path: '/',
        Component: Home,
        children: [
          { index: true, Component: Home },
          { path: 'about', lazy: () => import('./pages/about') },
          {
            path: 'area',
            lazy: async () => import('./pages/area-layout'),
            children: [
              { index: true, ...shared },
              { path: 'one/:id?', ...shared },
              { path: 'two', lazy: () => import('./pages/two') },
            ],
          },
          { path: '*', lazy: () => import('./pages/missing') },
        ],
      },
    ];
    export const router = createBrowserRouter(routes);
  `;

  it('lists every page with its full path and the lazy modules of its branch, spread constants included', () => {
    expect(readRouteBranches(source, 'router.tsx')).toEqual([
      { path: '/', lazyImports: [] },
      { path: '/about', lazyImports: ['./pages/about'] },
      { path: '/area', lazyImports: ['./pages/area-layout', './pages/shared'] },
      { path: '/area/one/:id?', lazyImports: ['./pages/area-layout', './pages/shared'] },
      { path: '/area/two', lazyImports: ['./pages/area-layout', './pages/two'] },
      { path: '/*', lazyImports: ['./pages/missing'] },
    ]);
  });

  it("reads the app's own router", async () => {
    const branches = readRouteBranches(await readFile('src/web/app/router.tsx', 'utf8'), 'router.tsx');

    expect(branches).toContainEqual({ path: '/', lazyImports: ['../routes/landing'] });
    expect(branches).toContainEqual({
      path: '/user/tutors',
      lazyImports: ['../routes/user/layout', '../routes/user/tutors'],
    });
    expect(branches).toContainEqual({
      path: '/user/dashboard',
      lazyImports: ['../routes/user/layout', '../routes/user/dashboard'],
    });
    expect(branches).toContainEqual({
      path: '/admin/add-teacher',
      lazyImports: ['../routes/admin/layout', '../routes/admin/teacher-form'],
    });
    expect(branches.map((branch) => branch.path)).toContain('/*');
  });

  it('refuses a module that builds no data router', () => {
    expect(() => readRouteBranches('export const routes = [];', 'router.tsx')).toThrow(/createBrowserRouter/);
  });
});

function chunk(fileName: string, kb: number, rest: Partial<ChunkNode> = {}): ChunkNode {
  return {
    fileName,
    gzipBytes: kb * 1024,
    imports: [],
    dynamicImports: [],
    moduleIds: [],
    facadeModuleId: null,
    isEntry: false,
    ...rest,
  };
}

describe('measuring what each route loads', () => {
  // The app's page: an entry importing React and the router, and lazily every route.
  // The landing page: its own entry, sharing React.
  const chunks: ChunkNode[] = [
    chunk('index.js', 40, {
      isEntry: true,
      facadeModuleId: '/web/index.html',
      imports: ['react.js'],
      dynamicImports: ['about.js', 'layout.js', 'tutors.js', 'stats.js'],
      moduleIds: ['/web/main.tsx', '/web/router.tsx'],
    }),
    chunk('react.js', 60),
    chunk('landing.js', 2, {
      isEntry: true,
      facadeModuleId: '/web/landing.html',
      imports: ['react.js'],
      moduleIds: ['/web/landing-main.tsx'],
    }),
    chunk('about.js', 1, { facadeModuleId: '/web/routes/about.tsx', moduleIds: ['/web/routes/about.tsx'] }),
    chunk('layout.js', 3, {
      facadeModuleId: '/web/routes/layout.tsx',
      imports: ['react.js'],
      moduleIds: ['/web/routes/layout.tsx'],
    }),
    chunk('tutors.js', 5, {
      facadeModuleId: '/web/routes/tutors.tsx',
      imports: ['schemas.js', 'index.js'],
      moduleIds: ['/web/routes/tutors.tsx', '/web/lib/list.ts'],
    }),
    chunk('schemas.js', 25),
    chunk('stats.js', 2, {
      facadeModuleId: '/web/routes/stats.tsx',
      dynamicImports: ['chart.js'],
      moduleIds: ['/web/routes/stats.tsx', '/web/lib/list.ts'],
    }),
    chunk('chart.js', 55, {
      facadeModuleId: '/web/draw-chart.ts',
      imports: ['colors.js'],
      moduleIds: ['/web/draw-chart.ts'],
    }),
    chunk('colors.js', 4),
  ];
  const routes = [
    { path: '/', lazyModuleIds: [] },
    { path: '/about', lazyModuleIds: ['/web/routes/about.tsx'] },
    { path: '/user/tutors', lazyModuleIds: ['/web/routes/layout.tsx', '/web/routes/tutors.tsx'] },
    { path: '/user/statistics', lazyModuleIds: ['/web/routes/layout.tsx', '/web/routes/stats.tsx'] },
  ];
  const measured = measureRoutes({
    routes,
    chunks,
    routerModuleId: '/web/router.tsx',
    pages: { '/': '/web/landing.html' },
    budgetsKb: { '/': 90, '*': 180 },
  });
  const byPath = Object.fromEntries(measured.map((route) => [route.path, route]));

  it("counts a path with a page of its own by that page's entry, not the router's", () => {
    expect(byPath['/']).toMatchObject({
      files: ['landing.js', 'react.js'],
      gzipBytes: 62 * 1024,
      budgetBytes: 90 * 1024,
    });
  });

  it("adds each lazy module on the branch, with its static imports, to the page entry's share, each file once", () => {
    expect(byPath['/about']).toMatchObject({
      files: ['about.js', 'index.js', 'react.js'],
      gzipBytes: 101 * 1024,
      budgetBytes: 180 * 1024,
    });
    expect(byPath['/user/tutors']).toMatchObject({
      files: ['index.js', 'layout.js', 'react.js', 'schemas.js', 'tutors.js'],
      gzipBytes: (40 + 60 + 3 + 5 + 25) * 1024,
    });
  });

  it("names the files beyond the page's own, which the server announces with the page", () => {
    expect(byPath['/user/tutors']!.lazyFiles).toEqual(['layout.js', 'schemas.js', 'tutors.js']);
    expect(byPath['/about']!.lazyFiles).toEqual(['about.js']);
    expect(byPath['/']!.lazyFiles).toEqual([]);
  });

  it('reports what a route imports dynamically apart, without following the entry to every other route', () => {
    expect(byPath['/user/statistics']).toMatchObject({
      files: ['index.js', 'layout.js', 'react.js', 'stats.js'],
      gzipBytes: (40 + 60 + 3 + 2) * 1024,
      onDemandFiles: ['chart.js', 'colors.js'],
      onDemandBytes: 59 * 1024,
    });
    expect(byPath['/user/tutors']!.onDemandFiles).toEqual([]);
  });

  it('finds the route module by the chunk it is the facade of, even when another chunk holds a copy', () => {
    const withCopy = [chunk('copy.js', 99, { moduleIds: ['/web/routes/about.tsx'] }), ...chunks];
    const [about] = measureRoutes({
      routes: [routes[1]!],
      chunks: withCopy,
      routerModuleId: '/web/router.tsx',
      pages: {},
      budgetsKb: { '*': 180 },
    });
    expect(about!.files).toEqual(['about.js', 'index.js', 'react.js']);
  });

  it("counts a page's dynamic imports, except chunks only some readers load (another language's catalogs), which it counts on demand", () => {
    const landing = chunk('landing.js', 2, {
      isEntry: true,
      facadeModuleId: '/web/landing.html',
      imports: ['react.js'],
      dynamicImports: ['menu.js', 'es.js'],
      moduleIds: ['/web/landing-main.tsx'],
    });
    const withCatalogs = [
      ...chunks.filter((each) => each.fileName !== 'landing.js'),
      landing,
      chunk('menu.js', 3, { moduleIds: ['/web/menu.tsx'] }),
      chunk('es.js', 4, { moduleIds: ['/web/i18n/locales/es/landing.json'] }),
    ];
    const measure = (onDemand?: RegExp) =>
      measureRoutes({
        routes: [routes[0]!],
        chunks: withCatalogs,
        routerModuleId: '/web/router.tsx',
        pages: { '/': '/web/landing.html' },
        budgetsKb: { '*': 180 },
        onDemand,
      })[0]!;

    expect(measure()).toMatchObject({ files: ['es.js', 'landing.js', 'menu.js', 'react.js'], onDemandFiles: [] });
    expect(measure(/\/locales\/(?!en\/)/)).toMatchObject({
      files: ['landing.js', 'menu.js', 'react.js'],
      gzipBytes: 65 * 1024,
      onDemandFiles: ['es.js'],
      onDemandBytes: 4 * 1024,
    });
  });

  it('marks a route over its budget in the table', () => {
    const [tight] = measureRoutes({
      routes: [routes[2]!],
      chunks,
      routerModuleId: '/web/router.tsx',
      pages: {},
      budgetsKb: { '*': 100 },
    });
    const table = formatRouteTable([byPath['/']!, tight!]);

    expect(table.split('\n')[0]).toMatch(/^route\s+JS gzip KB\s+budget\s+files\s+on demand$/);
    expect(table).toMatch(/^\/\s+62\.0\s+90\s+2$/m);
    expect(table).toMatch(/^\/user\/tutors\s+133\.0\s+100\s+5\s+OVER BUDGET$/m);
  });

  it('fails loudly when a route module is in no chunk', () => {
    expect(() =>
      measureRoutes({
        routes: [{ path: '/x', lazyModuleIds: ['/web/routes/x.tsx'] }],
        chunks,
        routerModuleId: '/web/router.tsx',
        pages: {},
        budgetsKb: { '*': 180 },
      }),
    ).toThrow(/x\.tsx/);
  });
});

describe('modules kept out of routes', () => {
  const chunks: ChunkNode[] = [
    chunk('index.js', 40, { isEntry: true, moduleIds: ['/web/main.tsx'] }),
    chunk('tutors.js', 5, { moduleIds: ['/web/routes/tutors.tsx'] }),
    chunk('schemas.js', 25, { moduleIds: ['/node_modules/zod/v4/classic/schemas.js', '/shared/tutors.ts'] }),
  ];
  const route = (path: string, files: string[]) => ({
    path,
    files,
    gzipBytes: 0,
    budgetBytes: 0,
    onDemandFiles: [],
    onDemandBytes: 0,
    lazyFiles: [],
  });
  const rule = { paths: ['/user/tutors', '/user/dashboard'], modules: /\/node_modules\/zod\//, why: 'reads only' };

  it('names the route, the module and the file carrying it', () => {
    const results = [
      route('/user/tutors', ['index.js', 'tutors.js', 'schemas.js']),
      route('/user/dashboard', ['index.js']),
    ];
    expect(findKeptOutModules(results, chunks, [rule])).toEqual([
      '/user/tutors loads /node_modules/zod/v4/classic/schemas.js (in schemas.js): reads only',
    ]);
  });

  it('says so when a listed path is no longer a route', () => {
    expect(findKeptOutModules([route('/user/tutors', ['index.js'])], chunks, [rule])).toEqual([
      '/user/dashboard is not a route (kept out of it: /\\/node_modules\\/zod\\//)',
    ]);
  });
});
