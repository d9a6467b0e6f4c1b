import { RatingSettingsBodySchema, TemplateImportFieldsSchema, TranslationImportFieldsSchema } from '@vigil/contracts';
import { budgetedEntryOf, ItemOptionsObjectSchema, TemplateDocumentSchema } from '@vigil/checklist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../test/harness.ts';

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  [key: string]: unknown;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** String formats whose pattern bounds the length. */
const BOUNDED_FORMATS = new Set(['uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'datetime', 'date', 'time', 'ipv4', 'ipv6']);
const hasCheck = (def: Def, kinds: string[]) =>
  (def.checks ?? []).some(
    ({ _zod: { def: check } }) =>
      kinds.includes(check.check) || (check.check === 'string_format' && BOUNDED_FORMATS.has(check.format ?? '')),
  );
const isBoundedString = (def: Def) =>
  (def.format !== undefined && BOUNDED_FORMATS.has(def.format as string)) || hasCheck(def, ['max_length', 'length_equals']);

/**
 * The paths under `schema` where a client can send an array or a string without a maximum. Values
 * typed `unknown` (free JSON such as a default answer) are held by the parse-level limits only.
 */
function unboundedPaths(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (inner: unknown, suffix = '') => unboundedPaths(inner as z.ZodType, path + suffix, seen);
  switch (def.type) {
    case 'string':
      return isBoundedString(def) ? [] : [path || '(root)'];
    case 'array':
      return [...(hasCheck(def, ['max_length', 'length_equals']) ? [] : [`${path}[]`]), ...walk(def.element, '.*')];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, inner]) => walk(inner, path ? `.${key}` : key));
    case 'record':
      return [...walk(def.keyType, '{key}'), ...walk(def.valueType, '.*')];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType);
    case 'pipe': {
      const entry = budgetedEntryOf(schema);
      if (entry) return walk(entry);
      // Bounded when what comes in is, or when what it is piped into checks it (a transform checks nothing).
      const input = walk(def.in);
      if (input.length === 0) return [];
      return defOf(def.out as z.ZodType).type !== 'transform' && walk(def.out).length === 0 ? [] : input;
    }
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'lazy':
      return walk((def.getter as () => z.ZodType)());
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, index) => walk(item, `.${index}`));
    default:
      return [];
  }
}

describe('every request schema bounds its arrays and strings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('in the params, query and body of every registered route', () => {
    const unbounded = t.routes.flatMap((route) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) => {
        const schema = route.schema?.[part] as z.ZodType | undefined;
        if (!schema || !('_zod' in schema)) return [];
        return unboundedPaths(schema).map((path) => `${String(route.method)} ${route.url} ${part}: ${path}`);
      }),
    );
    expect(unbounded).toEqual([]);
  });

  it('in the multipart fields and the template document the routes check themselves', () => {
    // An item's options are checked field by field against ItemOptionsObjectSchema's shape.
    const schemas = {
      TemplateImportFieldsSchema,
      TranslationImportFieldsSchema,
      RatingSettingsBodySchema,
      TemplateDocumentSchema,
      ItemOptionsObjectSchema,
    };
    const unbounded = Object.entries(schemas).flatMap(([name, schema]) =>
      unboundedPaths(schema as z.ZodType).map((path) => `${name}: ${path}`),
    );
    expect(unbounded).toEqual([]);
  });
});
