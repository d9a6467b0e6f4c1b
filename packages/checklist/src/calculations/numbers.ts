/** Number input checks and units (spec 2 §5 messages; custom units of the template). */
import type { ChecklistMessageCode } from '../messages.ts';
import type { CustomUnit, Item } from '../schema.ts';

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export type NumberCheck = { ok: true; value: number } | { ok: false; code: ChecklistMessageCode; params: Record<string, string | number> };

/**
 * A typed number: "Only a plain number is allowed" unless it is digits with an optional minus and
 * decimal point; "Only {num} digits after the decimal point" past the item's `decimal`.
 */
export function checkNumberText(text: string, decimal?: number | null): NumberCheck {
  const trimmed = text.trim();
  if (!PLAIN_NUMBER.test(trimmed)) return { ok: false, code: 'CKL_PLAIN_NUMBER', params: {} };
  const digits = trimmed.includes('.') ? trimmed.length - trimmed.indexOf('.') - 1 : 0;
  if (decimal !== null && decimal !== undefined && digits > decimal) {
    return { ok: false, code: 'CKL_DECIMAL_DIGITS', params: { num: decimal } };
  }
  return { ok: true, value: Number(trimmed) };
}

/** A number option that may arrive as a string; null when empty or not a number. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * The bounds a number answer must respect. Spec 2 §5: min and max are used as bounds only when
 * greater than 0.
 */
export function numberBounds(item: Pick<Item, 'options'>): { min: number | null; max: number | null } {
  const min = toNumber(item.options.min);
  const max = toNumber(item.options.max);
  return { min: min !== null && min > 0 ? min : null, max: max !== null && max > 0 ? max : null };
}

/** Checks a number against its bounds: more than {min}, less than {max}, between [{min} - {max}]. */
export function checkNumberBounds(value: number, bounds: { min: number | null; max: number | null }): NumberCheck {
  const { min, max } = bounds;
  if (min !== null && max !== null && (value < min || value > max)) {
    return { ok: false, code: 'CKL_BETWEEN', params: { min, max } };
  }
  if (min !== null && value < min) return { ok: false, code: 'CKL_MORE_THAN', params: { min } };
  if (max !== null && value > max) return { ok: false, code: 'CKL_LESS_THAN', params: { max } };
  return { ok: true, value };
}

/** Checks a text length against min_length and max_length (strings in the options). */
export function checkTextLength(text: string, item: Pick<Item, 'options'>): NumberCheck {
  const min = toNumber(item.options.min_length) ?? 0;
  const max = toNumber(item.options.max_length);
  if (text.length < min || (max !== null && max > 0 && text.length > max)) {
    return { ok: false, code: 'CKL_LENGTH_BETWEEN', params: { min, max: max ?? '∞' } };
  }
  return { ok: true, value: text.length };
}

/** The unit shown next to a numeric item: its custom unit's symbol, or its first unit. */
export function unitOf(item: Pick<Item, 'options'>, customUnits: readonly CustomUnit[]): string | null {
  const customId = item.options.custom_unit_id;
  if (customId) return customUnits.find((unit) => unit.uuid === customId)?.symbol ?? null;
  if (item.options.custom_unit) return item.options.custom_unit;
  return item.options.units?.[0] ?? null;
}

/** Whether a URL answer is an http(s) URL ("Invalid URL" otherwise). */
export function isValidUrl(text: string): boolean {
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(text.trim());
}
