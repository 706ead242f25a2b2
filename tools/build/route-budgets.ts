import path from 'node:path';
import { type ESTree, type Plugin, parseSync } from 'vite';
import { gzipSize } from './precompress.js';

/** A page a visitor can open: its full path and the lazily loaded modules along its branch. */
export interface RouteBranch {
  path: string;
  /** Import specifiers of every `lazy: () => import(...)` from the root route down to this one. */
  lazyImports: string[];
}

/** One output chunk, as far as loading it is concerned. */
export interface ChunkNode {
  fileName: string;
  gzipBytes: number;
  /** Chunks it imports statically: the browser fetches them before it runs. */
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  /** For an HTML page's entry chunk, that HTML file. */
  facadeModuleId: string | null;
  isEntry: boolean;
}

export interface RouteJavaScript {
  path: string;
  /** Every JavaScript file the route loads before it renders. */
  files: string[];
  gzipBytes: number;
  budgetBytes: number;
  /** Files the route's own modules import dynamically, fetched once it needs them (e.g. Chart.js once a chart is shown). */
  onDemandFiles: string[];
  onDemandBytes: number;
  /**
   * The route's files beyond its page's entry and that entry's static imports (which the page's
   * HTML preloads already): the lazy route modules and what they import.
   */
  lazyFiles: string[];
}

/** What the server reads to announce a route's lazy modules with the page (`Link: rel=modulepreload`). */
export interface RoutePreload {
  /** A React Router path, e.g. `/user/tutorprofile/:tutorId?`. */
  path: string;
  /** URLs of the JavaScript files, e.g. `/assets/tutors-Ab12.js`. */
  modules: string[];
}

/** Where in the output directory the build writes the RoutePreload list. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RouteBudgetOptions {
  /** The module that calls createBrowserRouter with the route objects. */
  router: string;
  /** Paths served by an HTML page of their own rather than by the router's page, e.g. `{ '/': 'src/web/landing.html' }`. */
  pages?: Record<string, string>;
  /** Gzipped kilobytes allowed per path; `'*'` for every other path. */
  budgetsKb: Record<string, number> & { '*': number };
  /** Modules the listed paths must not load before they render; the build fails, naming the chunk, when one does. */
  kept?: KeptOut[];
  /**
   * Modules only some readers load (another language's catalogs): a page of its own counts what
   * it may import dynamically, except chunks holding nothing but these, which it counts on demand.
   */
  onDemand?: RegExp;
}

/** Modules kept out of some routes, and why (printed when one gets in). */
export interface KeptOut {
  paths: string[];
  /** Matched against module ids, e.g. `/node_modules/zod/`. */
  modules: RegExp;
  why: string;
}

type Node = ESTree.Node;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Every node below `root`, depth first. */
function* descendants(root: Node): Generator<Node> {
  yield root;
  for (const [key, value] of Object.entries(root)) {
    if (key === 'parent') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child)) yield* descendants(child);
    }
  }
}

function propertyName(property: ESTree.ObjectProperty): string | undefined {
  if (property.computed) return undefined;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'Literal' && typeof property.key.value === 'string') return property.key.value;
  return undefined;
}

/**
 * The pages of a React Router data router, read from its module's source: every route without
 * children, with its full path and the lazy modules it and its parents load. Route objects may
 * spread module-level constants (`{ path: 'x', ...shared }`).
 */
export function readRouteBranches(source: string, filename: string): RouteBranch[] {
  const { program, errors } = parseSync(filename, source, { lang: filename.endsWith('.tsx') ? 'tsx' : 'ts' });
  if (errors.length > 0) throw new Error(`Cannot parse ${filename}: ${errors[0]!.message}`);

  const constants = new Map<string, ESTree.Expression>();
  for (const node of descendants(program)) {
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init)
      constants.set(node.id.name, node.init);
  }
  const valueOf = (expression: ESTree.Expression): ESTree.Expression =>
    expression.type === 'Identifier' && constants.has(expression.name)
      ? valueOf(constants.get(expression.name)!)
      : expression;

  const routerCall = [...descendants(program)].find(
    (node): node is ESTree.CallExpression =>
      node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'createBrowserRouter',
  );
  const routesArgument = routerCall?.arguments[0];
  if (!routesArgument || routesArgument.type === 'SpreadElement')
    throw new Error(`${filename} does not call createBrowserRouter(routes)`);

  /** The properties of a route object, spread constants included, later ones winning. */
  function routeProperties(route: ESTree.ObjectExpression): Map<string, ESTree.Expression> {
    const properties = new Map<string, ESTree.Expression>();
    for (const property of route.properties) {
      if (property.type === 'SpreadElement') {
        const spread = valueOf(property.argument);
        if (spread.type === 'ObjectExpression')
          for (const [name, value] of routeProperties(spread)) properties.set(name, value);
      } else {
        const name = propertyName(property);
        if (name) properties.set(name, property.value);
      }
    }
    return properties;
  }

  const branches: RouteBranch[] = [];
  function visit(routes: ESTree.Expression, parentPath: string, parentImports: string[]): void {
    const list = valueOf(routes);
    if (list.type !== 'ArrayExpression') throw new Error(`${filename}: expected an array of routes`);
    for (const element of list.elements) {
      const route = element && element.type !== 'SpreadElement' ? valueOf(element) : undefined;
      if (route?.type !== 'ObjectExpression') throw new Error(`${filename}: expected a route object`);
      const properties = routeProperties(route);
      const ownPath = properties.get('path');
      const segment = ownPath?.type === 'Literal' && typeof ownPath.value === 'string' ? ownPath.value : '';
      const fullPath = segment.startsWith('/')
        ? segment
        : `${parentPath.replace(/\/$/, '')}/${segment}`.replace(/\/$/, '') || '/';
      const lazy = properties.get('lazy');
      const ownImports = lazy
        ? [...descendants(lazy)].flatMap((node) =>
            node.type === 'ImportExpression' && node.source.type === 'Literal' && typeof node.source.value === 'string'
              ? [node.source.value]
              : [],
          )
        : [];
      const imports = [...parentImports, ...ownImports];
      const children = properties.get('children');
      if (children) visit(children, fullPath, imports);
      else branches.push({ path: fullPath, lazyImports: imports });
    }
  }
  visit(routesArgument, '/', []);
  return branches;
}

/**
 * A chunk and every chunk it imports statically; with `dynamic`, also whatever it may load later,
 * except the dynamic imports `skipDynamic` says are not for every reader.
 */
function chunkClosure(
  start: ChunkNode,
  byFile: Map<string, ChunkNode>,
  dynamic: boolean,
  skipDynamic: (fileName: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const pending = [start.fileName];
  while (pending.length > 0) {
    const fileName = pending.pop()!;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    const chunk = byFile.get(fileName);
    if (!chunk) continue;
    pending.push(...chunk.imports, ...(dynamic ? chunk.dynamicImports.filter((file) => !skipDynamic(file)) : []));
  }
  return seen;
}

function budgetBytes(budgetsKb: RouteBudgetOptions['budgetsKb'], routePath: string): number {
  return (budgetsKb[routePath] ?? budgetsKb['*']) * 1024;
}

/**
 * The JavaScript each route loads: its page's entry chunk and that chunk's static imports, plus
 * each lazy route module on its branch with their static imports. A path with an HTML page of
 * its own counts everything reachable from that page's entry, lazy chunks included.
 */
export function measureRoutes(input: {
  routes: { path: string; lazyModuleIds: string[] }[];
  chunks: ChunkNode[];
  routerModuleId: string;
  /** Path → the HTML file (module id) of the page that serves it. */
  pages: Record<string, string>;
  budgetsKb: RouteBudgetOptions['budgetsKb'];
  onDemand?: RegExp;
}): RouteJavaScript[] {
  const byFile = new Map(input.chunks.map((chunk) => [chunk.fileName, chunk]));
  // A lazily imported module is its chunk's facade; small shared modules may be copied into several chunks.
  const chunkOf = (moduleId: string) =>
    input.chunks.find((chunk) => chunk.facadeModuleId === moduleId) ??
    input.chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
  const bytesOf = (files: Set<string>) => [...files].reduce((sum, file) => sum + (byFile.get(file)?.gzipBytes ?? 0), 0);
  const measure = (
    routePath: string,
    files: Set<string>,
    onDemand = new Set<string>(),
    page = files,
  ): RouteJavaScript => ({
    path: routePath,
    files: [...files].sort(),
    gzipBytes: bytesOf(files),
    budgetBytes: budgetBytes(input.budgetsKb, routePath),
    onDemandFiles: [...onDemand].sort(),
    onDemandBytes: bytesOf(onDemand),
    lazyFiles: [...files].filter((file) => !page.has(file)).sort(),
  });

  const entries = input.chunks.filter((chunk) => chunk.isEntry);
  const routerEntry = entries.find((entry) => {
    const closure = chunkClosure(entry, byFile, false);
    return [...closure].some((file) => byFile.get(file)?.moduleIds.includes(input.routerModuleId));
  });
  if (!routerEntry) throw new Error(`No entry chunk loads the router ${input.routerModuleId}`);
  const routerPage = chunkClosure(routerEntry, byFile, false);

  const pagePaths = new Set(Object.keys(input.pages));
  const results: RouteJavaScript[] = [];
  for (const [pagePath, html] of Object.entries(input.pages)) {
    const entry = entries.find((chunk) => chunk.facadeModuleId === html);
    if (!entry) throw new Error(`No entry chunk for the page ${html}`);
    const onDemandModules = input.onDemand;
    const forSomeReaders = (file: string) => {
      const moduleIds = byFile.get(file)?.moduleIds ?? [];
      return onDemandModules !== undefined && moduleIds.length > 0 && moduleIds.every((id) => onDemandModules.test(id));
    };
    const files = chunkClosure(entry, byFile, true, forSomeReaders);
    const onDemand = new Set<string>();
    for (const file of files)
      for (const dynamicImport of byFile.get(file)?.dynamicImports ?? [])
        if (forSomeReaders(dynamicImport))
          for (const later of chunkClosure(byFile.get(dynamicImport)!, byFile, true))
            if (!files.has(later)) onDemand.add(later);
    results.push(measure(pagePath, files, onDemand));
  }
  for (const route of input.routes) {
    if (pagePaths.has(route.path)) continue;
    const files = new Set(routerPage);
    for (const moduleId of route.lazyModuleIds) {
      const chunk = chunkOf(moduleId);
      if (!chunk) throw new Error(`No chunk holds the route module ${moduleId}`);
      for (const file of chunkClosure(chunk, byFile, false)) files.add(file);
    }
    // What the route's own chunks import dynamically; the page's entry imports every route so.
    const onDemand = new Set<string>();
    for (const file of files) {
      if (routerPage.has(file)) continue;
      for (const dynamicImport of byFile.get(file)?.dynamicImports ?? []) {
        for (const later of chunkClosure(byFile.get(dynamicImport)!, byFile, true))
          if (!files.has(later)) onDemand.add(later);
      }
    }
    results.push(measure(route.path, files, onDemand, routerPage));
  }
  return results;
}

/**
 * Where a route loads a module it should not: one line per path, naming a module and the file
 * that carries it. A path listed but not among the routes is an error too (a renamed route).
 */
export function findKeptOutModules(results: RouteJavaScript[], chunks: ChunkNode[], rules: KeptOut[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byPath = new Map(results.map((result) => [result.path, result]));
  const problems: string[] = [];
  for (const rule of rules) {
    for (const routePath of rule.paths) {
      const route = byPath.get(routePath);
      if (!route) {
        problems.push(`${routePath} is not a route (kept out of it: ${rule.modules})`);
        continue;
      }
      const carrier = route.files
        .map((file) => ({ file, moduleId: byFile.get(file)?.moduleIds.find((id) => rule.modules.test(id)) }))
        .find((found) => found.moduleId);
      if (carrier) problems.push(`${routePath} loads ${carrier.moduleId} (in ${carrier.file}): ${rule.why}`);
    }
  }
  return problems;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function formatRouteTable(results: RouteJavaScript[]): string {
  const width = Math.max(5, ...results.map((result) => result.path.length));
  const row = (...cells: string[]) =>
    [cells[0]!.padEnd(width), ...cells.slice(1).map((cell, index) => cell.padStart([10, 6, 5, 9][index]!))]
      .join('  ')
      .trimEnd();
  const lines = [row('route', 'JS gzip KB', 'budget', 'files', 'on demand')];
  for (const result of results) {
    lines.push(
      row(
        result.path,
        kb(result.gzipBytes),
        String(result.budgetBytes / 1024),
        String(result.files.length),
        result.onDemandFiles.length > 0 ? kb(result.onDemandBytes) : '',
      ) + (result.gzipBytes > result.budgetBytes ? '  OVER BUDGET' : ''),
    );
  }
  return lines.join('\n');
}

/**
 * Prints the JavaScript each route of the router loads (gzipped) and fails the build when a
 * route is over its budget or loads a module kept out of it. Routes are read from the router module; sizes come from the bundle.
 * Also writes ROUTE_PRELOADS_FILE, so the server can start a route's lazy modules with its page.
 */
export function routeBudgetsPlugin(options: RouteBudgetOptions): Plugin {
  const routerFile = path.resolve(options.router);
  const pages = Object.fromEntries(
    Object.entries(options.pages ?? {}).map(([pagePath, html]) => [pagePath, path.resolve(html)]),
  );
  let routes: { path: string; lazyModuleIds: string[] }[] | undefined;
  let logInfo: (message: string) => void = console.log;
  let base = '/';

  return {
    name: 'tutorly:route-budgets',
    apply: 'build',
    configResolved(config) {
      logInfo = (message) => config.logger.info(message);
      base = config.base;
    },
    transform: {
      order: 'pre',
      async handler(code, id) {
        if (id !== routerFile) return null;
        routes = await Promise.all(
          readRouteBranches(code, id).map(async (branch) => ({
            path: branch.path,
            lazyModuleIds: await Promise.all(
              branch.lazyImports.map(async (specifier) => {
                const resolved = await this.resolve(specifier, id);
                if (!resolved) throw new Error(`Cannot resolve ${specifier} from ${id}`);
                return resolved.id;
              }),
            ),
          })),
        );
        return null;
      },
    },
    generateBundle: {
      order: 'post',
      async handler(_, bundle) {
        if (!routes) this.error(`The router ${routerFile} is not part of the build`);
        const chunks: ChunkNode[] = await Promise.all(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk'
              ? [
                  gzipSize(output.code).then((gzipBytes) => ({
                    fileName: output.fileName,
                    gzipBytes,
                    imports: output.imports,
                    dynamicImports: output.dynamicImports,
                    moduleIds: output.moduleIds,
                    facadeModuleId: output.facadeModuleId,
                    isEntry: output.isEntry,
                  })),
                ]
              : [],
          ),
        );
        const results = measureRoutes({
          routes,
          chunks,
          routerModuleId: routerFile,
          pages,
          budgetsKb: options.budgetsKb,
          onDemand: options.onDemand,
        });
        logInfo(
          `\nJavaScript per route (gzip; the page's entry, the route's lazy modules and their static imports):\n${formatRouteTable(results)}\n`,
        );
        const over = results.filter((result) => result.gzipBytes > result.budgetBytes);
        if (over.length > 0) {
          this.error(
            `Over the JavaScript budget: ${over.map((result) => `${result.path} ${kb(result.gzipBytes)} KB > ${result.budgetBytes / 1024} KB`).join(', ')}`,
          );
        }
        const keptOutProblems = findKeptOutModules(results, chunks, options.kept ?? []);
        if (keptOutProblems.length > 0) this.error(`A route loads what it should not:\n${keptOutProblems.join('\n')}`);
        const preloads: RoutePreload[] = results
          .filter((result) => result.lazyFiles.length > 0)
          .map((result) => ({ path: result.path, modules: result.lazyFiles.map((file) => `${base}${file}`) }));
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify(preloads, null, 2)}\n`,
        });
      },
    },
  };
}
