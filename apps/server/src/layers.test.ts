import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, isTestFile, isTestSupport, readImportGraph, type ImportEdge, type ImportGraph } from './test/import-graph.ts';

/** The layer rules of docs/architecture.md ("Layers and imports"), for the server and the web app. */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Layout {
  graph: ImportGraph;
  /** The module a file belongs to (`modules/<m>/`), or undefined for shared code. */
  moduleOf: (file: string) => string | undefined;
  /** Whether other code may import this file of the module. */
  isEntryPoint: (module: string, edge: ImportEdge) => boolean;
}

function layoutOf(app: 'server' | 'web', isEntryPoint: Layout['isEntryPoint']): Layout {
  const graph = readImportGraph(REPO_ROOT, `apps/${app}/src`);
  const pattern = new RegExp(`^apps/${app}/src/modules/([^/]+)/`);
  // Test files and their fixtures may reach any file; the rules hold for the product's code.
  const product = { files: graph.files.filter((file) => !isTestFile(file)), edges: graph.edges.filter((edge) => !isTestFile(edge.from)) };
  return { graph: product, moduleOf: (file) => pattern.exec(file)?.[1], isEntryPoint };
}

const describeEdge = (edge: ImportEdge) => `${edge.from} imports ${edge.to}`;

/** Imports into a module from outside it that bypass the module's entry points. */
function reachingInside({ graph, moduleOf, isEntryPoint }: Layout): string[] {
  return graph.edges
    .filter((edge) => {
      const target = moduleOf(edge.to);
      return target !== undefined && moduleOf(edge.from) !== target && !isEntryPoint(target, edge);
    })
    .map(describeEdge);
}

/** Cycles of the module graph (m1 → m2 when a file of m1 imports a file of m2, `import type` included), each with the imports that close it. */
function moduleCycles({ graph, moduleOf }: Layout): string[] {
  const between = (from: string, to: string) => graph.edges.filter((edge) => moduleOf(edge.from) === from && moduleOf(edge.to) === to);
  const modules = [...new Set(graph.files.map(moduleOf).filter((m) => m !== undefined))];
  const next = (module: string) => modules.filter((other) => other !== module && between(module, other).length > 0);
  return findCycles(modules, next).map((cycle) => {
    const links = cycle.slice(1).map((to, i) => `  ${cycle[i]} → ${to}: ${between(cycle[i], to).map(describeEdge).join('; ')}`);
    return [`${cycle.join(' → ')}`, ...links].join('\n');
  });
}

/** Cycles of files through imports that run (`import type` is erased at build and does not count). */
function fileCycles({ graph }: Layout): string[] {
  const running = graph.edges.filter((edge) => !edge.typeOnly);
  const next = (file: string) => running.filter((edge) => edge.from === file).map((edge) => edge.to);
  return findCycles(graph.files, next).map((cycle) => cycle.join('\n  → '));
}

/** Product code importing a test helper: the build would bundle it. */
function importsOfTestSupport({ graph }: Layout): string[] {
  return graph.edges.filter((edge) => isTestSupport(edge.to)).map(describeEdge);
}

function importsOfShared({ graph, moduleOf }: Layout, shared: (file: string) => boolean, allowed: (edge: ImportEdge) => boolean): string[] {
  return graph.edges.filter((edge) => shared(edge.from) && moduleOf(edge.to) !== undefined && !allowed(edge)).map(describeEdge);
}

describe('server layers', () => {
  const server = layoutOf('server', (module, edge) => edge.to === `apps/server/src/modules/${module}/index.ts`);

  it('has no import cycle between modules', () => {
    expect(moduleCycles(server), 'module cycles (move what both sides need to a lower module or platform/)').toEqual([]);
  });

  it('imports another module only through its index.ts', () => {
    expect(reachingInside(server), 'imports reaching into another module (export it from its index.ts)').toEqual([]);
  });

  it('keeps platform/ and db/ free of module imports', () => {
    const shared = (file: string) => /^apps\/server\/src\/(platform|db)\//.test(file);
    expect(
      importsOfShared(server, shared, () => false),
      'platform/ or db/ importing a module',
    ).toEqual([]);
  });

  it('has no file import cycle', () => {
    expect(fileCycles(server), 'file cycles (move the shared piece to its own file)').toEqual([]);
  });

  it('keeps the test helpers (src/test/) out of the product code', () => {
    expect(importsOfTestSupport(server), 'product code importing a test helper (move the piece it needs out of src/test/)').toEqual([]);
  });
});

describe('web layers', () => {
  const ROUTE_TABLE = 'apps/web/src/app/routes.tsx';
  // The route table concatenates each module's `routes.tsx`. A lazy import must name the file it loads
  // to keep it in a chunk of its own: a module's root file loaded on demand (sso/entry.ts) or a page.
  const web = layoutOf('web', (module, edge) => {
    const inside = edge.to.slice(`apps/web/src/modules/${module}/`.length);
    if (inside === 'index.ts' || (edge.from === ROUTE_TABLE && inside === 'routes.tsx')) return true;
    return edge.dynamic && (!inside.includes('/') || /^pages\/[^/]+\.tsx$/.test(inside));
  });
  const moduleRoutes = (edge: ImportEdge) => edge.from === ROUTE_TABLE && /^apps\/web\/src\/modules\/[^/]+\/routes\.tsx$/.test(edge.to);

  it("lists every module's routes.tsx in the route table", () => {
    const declared = web.graph.files.filter((file) => /^apps\/web\/src\/modules\/[^/]+\/routes\.tsx$/.test(file));
    const listed = web.graph.edges.filter(moduleRoutes).map((edge) => edge.to);
    expect(
      declared.filter((file) => !listed.includes(file)),
      'routes.tsx files missing from app/routes.tsx',
    ).toEqual([]);
  });

  it('has no import cycle between modules', () => {
    expect(moduleCycles(web), 'module cycles (move what both sides need to lib/ or components/)').toEqual([]);
  });

  it('imports another module only through its index.ts', () => {
    expect(reachingInside(web), 'imports reaching into another module (export it from its index.ts)').toEqual([]);
  });

  it("keeps shared code (components/, lib/, app/, main.tsx) free of module imports, but for the route table's list", () => {
    const shared = (file: string) => web.moduleOf(file) === undefined;
    expect(importsOfShared(web, shared, moduleRoutes), 'shared code importing a module').toEqual([]);
  });

  it('has no file import cycle', () => {
    expect(fileCycles(web), 'file cycles (move the shared piece to its own file)').toEqual([]);
  });

  it('keeps the test helpers (src/test/) out of the product code', () => {
    expect(importsOfTestSupport(web), 'product code importing a test helper (move the piece it needs out of src/test/)').toEqual([]);
  });

  it('calls the API only by contract key, through lib/api.ts (or an upload to a contract path)', () => {
    const HTTP_CLIENT = 'apps/web/src/lib/http.ts';
    const API = 'apps/web/src/lib/api.ts';
    const UPLOADS = /^apps\/web\/src\/components\/upload\//;
    const rules: Array<{ what: string; pattern: RegExp; allowed: (file: string) => boolean }> = [
      { what: 'calls fetch', pattern: /\bfetch\(/, allowed: (file) => file === HTTP_CLIENT },
      {
        what: 'sends an XMLHttpRequest',
        pattern: /new XMLHttpRequest\b/,
        allowed: (file) => UPLOADS.test(file) || file.startsWith('apps/web/src/modules/templates/components/import-upload'),
      },
      { what: 'writes an API path by hand', pattern: /['"`]\/(api|storage)\//, allowed: (file) => file === HTTP_CLIENT || file === API },
      {
        what: "imports the HTTP client's request",
        pattern: /import\s*\{[^}]*\brequest\b[^}]*\}\s*from\s*'[^']*\/http\.ts'/,
        allowed: (file) => file === API,
      },
    ];
    const breaches = web.graph.files.flatMap((file) => {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      return rules.filter((rule) => !rule.allowed(file) && rule.pattern.test(text)).map((rule) => `${file} ${rule.what}`);
    });
    expect(breaches, 'web code calling the API around the kit (use api, useApi or linkTo with a contract key)').toEqual([]);
  });
});
