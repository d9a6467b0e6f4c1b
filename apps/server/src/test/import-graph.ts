import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One relative import of a source file, resolved to the file it loads. */
export interface ImportEdge {
  from: string;
  to: string;
  /** `import type` / `export type`: erased at build, so it never runs the imported file. */
  typeOnly: boolean;
  /** `import()`: loaded on demand, in its own chunk on the web. */
  dynamic: boolean;
}

/** Every source file under the folder (paths relative to `repoRoot`, with `/`), with its relative imports. */
export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
}

const SOURCE = /\.tsx?$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Test files and the test helpers and fixtures (`src/test/`). */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || isTestSupport(file);
}

/** The test helpers and fixtures, kept out of the product's folders so no build can bundle them. */
export function isTestSupport(file: string): boolean {
  return /\/src\/test\//.test(file);
}

function listSources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return listSources(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier);
  const found = RESOLVE_SUFFIXES.map((suffix) => base + suffix).find((path) => existsSync(path) && statSync(path).isFile());
  return found && SOURCE.test(found) ? found : null;
}

const isDynamic = (text: string, specifierPos: number) => /\bimport\s*\(\s*$/.test(text.slice(0, specifierPos));

/** The statement an import specifier belongs to starts at the last `import`/`export` opening a line before it. */
function isTypeOnly(text: string, specifierPos: number): boolean {
  const before = text.slice(0, specifierPos);
  if (isDynamic(text, specifierPos)) return false;
  const starts = [...before.matchAll(/^\s*(?:import|export)\b/gm)];
  const statement = before.slice(starts.at(-1)?.index ?? 0);
  return /^\s*(?:import|export)\s+type[\s{*]/.test(statement);
}

/** Reads the relative imports (static, re-exports and dynamic `import()`) with TypeScript's own pre-processor. */
export function readImportGraph(repoRoot: string, folder: string): ImportGraph {
  const files = listSources(join(repoRoot, folder));
  const name = (path: string) => relative(repoRoot, path).split(sep).join('/');
  const edges = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    return importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .flatMap(({ fileName, pos }) => {
        const target = resolveImport(file, fileName);
        return target ? [{ from: name(file), to: name(target), typeOnly: isTypeOnly(text, pos), dynamic: isDynamic(text, pos) }] : [];
      });
  });
  return { files: files.map(name), edges };
}

/**
 * The strongly connected groups of a directed graph that hold a cycle (Tarjan), each given as one
 * shortest cycle through its first node: [a, b, c, a].
 */
export function findCycles(nodes: string[], next: (node: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || next(node).includes(node)) groups.push(group.sort());
    }
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => shortestCycle(group, next));
}

function shortestCycle(group: string[], next: (node: string) => string[]): string[] {
  const start = group[0];
  const members = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of next(node).filter((t) => members.has(t))) {
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
