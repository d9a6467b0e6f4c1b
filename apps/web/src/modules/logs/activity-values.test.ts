import { ACTIVITY_FIELDS, ACTIVITY_OBJECT_TYPES, ACTIVITY_TYPE_GROUP_NAMES, ACTIVITY_TYPES } from '@vigil/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateFormatter } from '../../lib/dates.ts';
import { initI18n, loadFullCatalogue } from '../../lib/i18n.ts';
import logs from '../../locales/en/logs.json';
import { fieldChanges, formatValue } from './activity-values.ts';

const has = (path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], logs) !== undefined;

describe('activity log labels', () => {
  it('label every field, type, area and object kind the server records (the locale test carries them to every language)', () => {
    expect(ACTIVITY_FIELDS.filter((field) => !has(`fields.${field}`))).toEqual([]);
    expect(ACTIVITY_TYPES.filter((type) => !has(`types.${type}`))).toEqual([]);
    expect(ACTIVITY_TYPE_GROUP_NAMES.filter((group) => !has(`areas.${group}`))).toEqual([]);
    expect(ACTIVITY_OBJECT_TYPES.filter((kind) => !has(`objects.${kind}`))).toEqual([]);
  });
});

describe('formatValue', () => {
  beforeAll(() => initI18n('en').then(loadFullCatalogue));
  it('reads codes as words in the reader language', () => {
    expect(formatValue(i18next.t, dateFormatter('fr', 'UTC', false), 'locale', 'de')).toBe('allemand');
    expect(formatValue(i18next.t, dateFormatter('en', 'UTC', false), 'status', 'deactivated')).toBe('Deactivated');
    expect(formatValue(i18next.t, dateFormatter('en', 'UTC', false), 'is_default', true)).toBe('Yes');
    expect(formatValue(i18next.t, dateFormatter('en', 'UTC', false), 'name_lang', { en: 'Night', fr: 'Nuit' })).toBe('Night');
    expect(formatValue(i18next.t, dateFormatter('fr', 'UTC', false), 'name_lang', { en: 'Night', fr: 'Nuit' })).toBe('Nuit');
    expect(formatValue(i18next.t, dateFormatter('en', 'UTC', false), 'nick_name', null)).toBe('none');
  });

  it('orders fields as the contract lists them, names first', () => {
    expect(fieldChanges({ before: { order: [1] }, after: { title: 'A', order: [2] } }).map((change) => change.field)).toEqual([
      'title',
      'order',
    ]);
  });
});
