import type { CustomField } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { applyDrop, buildSavePayload, split, type Draft } from './draft.ts';

const field = (key: string, extra: Partial<CustomField> = {}): CustomField => ({
  id: `id-${key}`,
  key,
  name: key.toUpperCase(),
  description: null,
  field_type: 'text',
  is_required: false,
  is_used: true,
  is_locked: false,
  default_value: null,
  config: [],
  parent_id: 'group1',
  ...extra,
});

const keys = (draft: Draft) => ({ used: draft.used.map((f) => f.key), unused: draft.unused.map((f) => f.key) });
const start = (): Draft => split([field('a'), field('b'), field('c'), field('u', { is_used: false, is_required: true })]);

describe('dropping in the custom-field editor', () => {
  it('adds a new field where a type is dropped in the used list, with a temporary key', () => {
    const { draft, added } = applyDrop(start(), { kind: 'type', type: 'decimal' }, { list: 'used', index: 1 });
    expect(added?.key).toMatch(/^new_/);
    expect(added).toMatchObject({ field_type: 'decimal', is_used: true, config: { max_digits: 10, decimals: 2 }, parent_id: 'group1' });
    expect(keys(draft).used).toEqual(['a', added!.key, 'b', 'c']);
    // Dropped on the list itself: at the end.
    const atEnd = applyDrop(start(), { kind: 'type', type: 'text' }, { list: 'used' });
    expect(keys(atEnd.draft).used.at(-1)).toBe(atEnd.added!.key);
  });

  it('ignores a type dropped on the unused list', () => {
    const before = start();
    const { draft, added } = applyDrop(before, { kind: 'type', type: 'text' }, { list: 'unused' });
    expect(added).toBeUndefined();
    expect(draft).toBe(before);
  });

  it.each([
    ['a', 2, ['b', 'c', 'a']],
    ['c', 0, ['c', 'a', 'b']],
    ['b', 1, ['a', 'b', 'c']],
    ['a', undefined, ['b', 'c', 'a']],
  ] as const)('reorders used field %s to %s', (key, index, expected) => {
    expect(keys(applyDrop(start(), { kind: 'field', key, list: 'used' }, { list: 'used', index }).draft).used).toEqual(expected);
  });

  it('moves a used field to the unused list, and discards a new one', () => {
    const removed = applyDrop(start(), { kind: 'field', key: 'b', list: 'used' }, { list: 'unused', index: 0 }).draft;
    expect(keys(removed)).toEqual({ used: ['a', 'c'], unused: ['u', 'b'] });
    expect(removed.unused[1].is_used).toBe(false);
    const { draft: withNew, added } = applyDrop(start(), { kind: 'type', type: 'email' }, { list: 'used' });
    expect(keys(applyDrop(withNew, { kind: 'field', key: added!.key, list: 'used' }, { list: 'unused' }).draft)).toEqual({
      used: ['a', 'b', 'c'],
      unused: ['u'],
    });
  });

  it('brings an unused field back where it is dropped, as not required', () => {
    const draft = applyDrop(start(), { kind: 'field', key: 'u', list: 'unused' }, { list: 'used', index: 1 }).draft;
    expect(keys(draft)).toEqual({ used: ['a', 'u', 'b', 'c'], unused: [] });
    expect(draft.used[1]).toMatchObject({ is_used: true, is_required: false });
  });

  it('changes nothing for a drop inside the unused list', () => {
    const before = start();
    expect(applyDrop(before, { kind: 'field', key: 'u', list: 'unused' }, { list: 'unused', index: 0 }).draft).toBe(before);
  });
});

describe('the save payload', () => {
  it('holds changed and new used fields, removed ones unused, drops removed new ones, and the order', () => {
    const original = [field('a'), field('b'), field('c')];
    const payload = buildSavePayload(original, {
      used: [field('c'), { ...field('a'), name: 'Renamed' }, field('new_x', { id: null })],
      unused: [{ ...field('b'), is_used: false }, field('new_y', { id: null, is_used: false })],
    });
    expect(payload.fields.map((f) => [f.key, f.is_used, f.parent_id])).toEqual([
      ['a', true, null],
      ['new_x', true, null],
      ['b', false, null],
    ]);
    expect(payload.order).toEqual({ c: 0, a: 1, new_x: 2 });
  });

  it('sends a field used again, and leaves out an unused one that stays unused', () => {
    const original = [field('a'), field('u', { is_used: false })];
    const reused = applyDrop(split(original), { kind: 'field', key: 'u', list: 'unused' }, { list: 'used' }).draft;
    expect(buildSavePayload(original, reused).fields.map((f) => [f.key, f.is_used])).toEqual([['u', true]]);
    expect(buildSavePayload(original, split(original)).fields).toEqual([]);
  });
});
