/**
 * The question details form is read from the registry's option schemas (spec 2 §3 "Per-type option
 * fields and defaults"), so every type shows exactly its options with their defaults.
 */
import { getItemType, type ItemType } from '@vigil/checklist';
import { OPTION_KIND_OVERRIDES, OPTIONS_ELSEWHERE } from './option-layout.ts';

export type OptionField =
  | { key: string; kind: 'boolean' }
  | { key: string; kind: 'text' }
  | { key: string; kind: 'number' }
  | { key: string; kind: 'choice'; choices: readonly string[] }
  | { key: string; kind: 'tags' };

interface ZodLike {
  _zod: { def: { type: string; innerType?: ZodLike; entries?: Record<string, string>; options?: ZodLike[]; element?: ZodLike } };
}

/** The schema under defaults, optionals and nullables. */
function unwrap(schema: ZodLike): ZodLike {
  let current = schema;
  while (current._zod.def.innerType && ['default', 'optional', 'nullable', 'prefault'].includes(current._zod.def.type)) {
    current = current._zod.def.innerType;
  }
  return current;
}

function fieldOf(key: string, schema: ZodLike): OptionField | null {
  const override = OPTION_KIND_OVERRIDES[key];
  if (override) return override;
  const inner = unwrap(schema);
  const def = inner._zod.def;
  switch (def.type) {
    case 'boolean':
      return { key, kind: 'boolean' };
    case 'string':
      return { key, kind: 'text' };
    case 'number':
    case 'int':
      return { key, kind: 'number' };
    case 'enum':
      return { key, kind: 'choice', choices: Object.values(def.entries ?? {}) };
    case 'union': {
      const kinds = (def.options ?? []).map((option) => unwrap(option)._zod.def.type);
      if (kinds.includes('number')) return { key, kind: 'number' };
      return null;
    }
    case 'array': {
      const element = def.element ? unwrap(def.element)._zod.def.type : '';
      return element === 'string' || element === 'union' ? { key, kind: 'tags' } : null;
    }
    default:
      return null;
  }
}

const cache = new Map<ItemType, OptionField[]>();

/** The editable option fields of a type, in schema order, without those edited elsewhere. */
export function optionFieldsOf(type: ItemType): OptionField[] {
  let fields = cache.get(type);
  if (!fields) {
    const shape = (getItemType(type).options as unknown as { shape: Record<string, ZodLike> }).shape;
    fields = Object.entries(shape)
      .filter(([key]) => !OPTIONS_ELSEWHERE.has(key))
      .map(([key, schema]) => fieldOf(key, schema))
      .filter((field): field is OptionField => field !== null);
    cache.set(type, fields);
  }
  return fields;
}
