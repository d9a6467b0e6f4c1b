import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A Chrome DevTools protocol CPU profile (`Profiler.stop`), as far as the summary reads it. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

export interface SummaryOptions {
  /** How many rows of each table: files, functions by self time, functions by total time. */
  rows: [files: number, self: number, total: number];
  /** Put before every line (a bench printing under a heading of its own). */
  indent?: string;
  /** Keeps the profile there as `<name>.cpuprofile` (open it in Chromium's DevTools). */
  dir?: string;
}

/** Prints a profile's sampled time, its self time by file and by function, and total time (with callees) by function. */
export function printProfileSummary(name: string, profile: CpuProfile, { rows, indent = '', dir }: SummaryOptions): void {
  type Node = CpuProfile['nodes'][number];
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const fileOf = (node: Node) => (node.callFrame.url ? node.callFrame.url.replace(/^.*\//, '') : '(native)');
  const keyOf = (node: Node) =>
    `${node.callFrame.functionName || '(anonymous)'} ${fileOf(node)}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`;
  const selfByFile = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const totalByFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    add(selfByFile, fileOf(node), ms);
    add(selfByFunction, keyOf(node), ms);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) onStack.add(keyOf(byId.get(at)!));
    for (const key of onStack) add(totalByFunction, key, ms);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `${indent}  ${ms.toFixed(1).padStart(8)} ms  ${key}`)
      .join('\n');
  const sampled = [...selfByFile.values()].reduce((a, b) => a + b, 0);
  const [files, self, total] = rows;
  console.log(
    [
      `${indent}${name}: ${sampled.toFixed(0)} ms sampled`,
      `${indent}self time by file:`,
      top(selfByFile, files),
      `${indent}self time by function:`,
      top(selfByFunction, self),
      `${indent}total time (self and callees) by function:`,
      top(totalByFunction, total),
    ].join('\n'),
  );
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}
