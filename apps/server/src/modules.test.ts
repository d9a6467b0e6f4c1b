import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_MODULES } from './modules.ts';

describe('the module list', () => {
  it('mounts every module folder once, under its folder name', () => {
    const folders = readdirSync(new URL('./modules/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const names = SERVER_MODULES.map((module) => module.name);
    expect(new Set(names).size, 'a module listed twice').toBe(names.length);
    expect([...names].sort()).toEqual([...folders].sort());
  });
});
