import {
  AssetValueSchema,
  answerKindOf,
  DEFAULT_RESPONSE_OPTIONS,
  LocationValueSchema,
  MediaValueSchema,
  NOT_APPLICABLE,
  PersonValueSchema,
  SignatureValueSchema,
  choicesOf,
  unitOf,
  type Item,
  type LocationValue,
  type MediaValue,
  type SignatureValue,
  type TemplateDocument,
} from '@vigil/checklist';
import type { TFunction } from 'i18next';
import { dateShapeOf } from '../../../../components/checklist-renderer/index.ts';
import type { DateFormatter } from '../../../../lib/dates.ts';

/** An answer's value as the report shows it, per kind of answer (docs/inspections.md "Answer values"). */
export type ValueView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; multiline?: boolean; href?: string }
  | { kind: 'choices'; choices: { uuid: string; label: string; color: string | null }[] }
  | { kind: 'media'; files: MediaValue[] }
  | { kind: 'signature'; signature: SignatureValue }
  | { kind: 'location'; location: LocationValue };

/** The server writes these dates as a wall clock in UTC: they are moments, shown in the reader's zone. */
const SERVER_MOMENTS: ReadonlySet<Item['type']> = new Set<Item['type']>(['inspection_real_start_date', 'inspection_real_end_date']);
const HTTP_URL = /^https?:\/\//i;

export interface ValueContext {
  document: TemplateDocument;
  dates: DateFormatter;
  /** Translates in the `inspections` namespace (`checklist-renderer:` keys for the renderer's wording). */
  t: TFunction<'inspections'>;
}

const EMPTY: ValueView = { kind: 'empty' };

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * One number format per language and options, made once: building an `Intl.NumberFormat` costs far
 * more than formatting with it, and a report formats thousands of numbers with a handful of formats.
 */
export function numberFormat(
  language: string,
  maximumFractionDigits: number,
  minimumFractionDigits?: number,
  /** Left out: the language's own grouping (`true` groups every number, as a question without `grouping_separator: false` asks). */
  useGrouping?: boolean,
): Intl.NumberFormat {
  const key = `${language}|${maximumFractionDigits}|${minimumFractionDigits ?? ''}|${useGrouping}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      maximumFractionDigits,
      minimumFractionDigits,
      ...(useGrouping === undefined ? {} : { useGrouping }),
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** Points or a percentage to a tenth (weights make fractions), in the language's digits. */
export function formatPoints(points: number, language: string): string {
  return numberFormat(language, 1).format(points);
}

function numberText(item: Item, value: number, context: ValueContext): string {
  const decimals = typeof item.options.decimal === 'number' ? item.options.decimal : undefined;
  const text = numberFormat(context.dates.language, decimals ?? 10, decimals, item.options.grouping_separator !== false).format(value);
  const unit = unitOf(item, context.document.custom_units);
  return unit ? `${text} ${unit}` : text;
}

function choiceList(item: Item, value: unknown, context: ValueContext): ValueView {
  const picked = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  if (!picked.length) return EMPTY;
  const offered = choicesOf(context.document, item);
  const defaults = DEFAULT_RESPONSE_OPTIONS[item.type];
  return {
    kind: 'choices',
    choices: picked.map((uuid) => {
      if (uuid === NOT_APPLICABLE) return { uuid, label: context.t('checklist-renderer:not_applicable'), color: null };
      const option = offered.find((choice) => choice.uuid === uuid);
      if (!option) return { uuid, label: context.t('report.unknown_choice'), color: null };
      const label = defaults?.includes(option) ? context.t(`checklist-renderer:choices.${option.uuid}`) : option.label;
      return { uuid, label, color: option.color ?? null };
    }),
  };
}

/** How the report shows `value`, the answer (or computed value) of `item`. */
export function viewOfValue(item: Item, value: unknown, context: ValueContext): ValueView {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return EMPTY;
  const { t, dates } = context;
  switch (answerKindOf(item)) {
    case 'text': {
      const text = String(value);
      return {
        kind: 'text',
        text,
        multiline: item.type === 'longText',
        ...(item.type === 'url' && HTTP_URL.test(text) ? { href: text } : {}),
      };
    }
    case 'number':
      return typeof value === 'number' ? { kind: 'text', text: numberText(item, value, context) } : { kind: 'text', text: String(value) };
    case 'date':
      return { kind: 'text', text: typeof value === 'string' ? dates.wallClock(value, dateShapeOf(item)) : String(value) };
    case 'choice':
    case 'choices':
      return choiceList(item, value, context);
    case 'boolean':
      return { kind: 'text', text: t(item.type === 'acknowledgment' ? 'report.acknowledged' : 'report.checked') };
    case 'media': {
      const files = (Array.isArray(value) ? value : []).flatMap((entry) => {
        const parsed = MediaValueSchema.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      });
      return files.length ? { kind: 'media', files } : EMPTY;
    }
    case 'signature': {
      const parsed = SignatureValueSchema.safeParse(value);
      return parsed.success ? { kind: 'signature', signature: parsed.data } : EMPTY;
    }
    case 'location': {
      const parsed = LocationValueSchema.safeParse(value);
      return parsed.success ? { kind: 'location', location: parsed.data } : EMPTY;
    }
    case 'person': {
      // A share's reader gets the name without the id.
      const parsed = PersonValueSchema.partial({ id: true }).safeParse(value);
      return parsed.success ? { kind: 'text', text: parsed.data.name } : EMPTY;
    }
    case 'asset': {
      const parsed = AssetValueSchema.safeParse(value);
      return parsed.success
        ? { kind: 'text', text: t('report.asset', { asset_id: parsed.data.asset_id, name: parsed.data.display_name }) }
        : EMPTY;
    }
    case 'none':
      if (typeof value === 'number') return { kind: 'text', text: numberText(item, value, context) };
      if (typeof value === 'string' && SERVER_MOMENTS.has(item.type) && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
        return { kind: 'text', text: dates.dateTime(`${value.slice(0, 19)}Z`) };
      }
      if (typeof value === 'string' && item.type !== 'document_id' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value)) {
        return { kind: 'text', text: dates.wallClock(value) };
      }
      return { kind: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) };
  }
}

/** Coordinates with their accuracy, and the address: "52.52, 13.405 (± 12 m)". */
export function locationText(location: LocationValue, context: Pick<ValueContext, 't' | 'dates'>): string {
  const parts: string[] = [];
  if (location.latitude != null && location.longitude != null) {
    const format = numberFormat(context.dates.language, 6);
    const coordinates = context.t('report.coordinates', {
      latitude: format.format(location.latitude),
      longitude: format.format(location.longitude),
    });
    parts.push(
      location.accuracy != null
        ? context.t('report.accuracy', {
            coordinates,
            accuracy: numberFormat(context.dates.language, 0).format(location.accuracy),
          })
        : coordinates,
    );
  }
  if (location.address) parts.push(location.address);
  return parts.join(' · ');
}

/** A value in one line of text, for the history and the failed items: files by name, a signature by its signer. */
export function textOfView(view: ValueView, context: Pick<ValueContext, 't' | 'dates'>): string {
  switch (view.kind) {
    case 'empty':
      return context.t('report.no_answer');
    case 'text':
      return view.text;
    case 'choices':
      return view.choices.map((choice) => choice.label).join(', ');
    case 'media':
      return view.files.map((file) => file.name ?? context.t('report.file')).join(', ');
    case 'signature':
      return context.t('report.signed_by', { name: view.signature.name });
    case 'location':
      return locationText(view.location, context);
  }
}
