/**
 * The shape of an answer's value, per question type: what the inspection screen writes and what the
 * server accepts (docs/inspections.md "Answer values"). One list, so the two sides cannot disagree on
 * what a photo or a location answer is.
 */
import { z } from 'zod';
import { DOCUMENT_ID_MAX, DOCUMENT_TEXT_MAX } from '../limits.ts';
import type { ChecklistMessageCode } from '../messages.ts';
import { getItemType, operandKindOf } from '../registry/registry.ts';
import { parseRuleDate } from '../rules/dates.ts';
import { choicesOf } from '../scoring/score.ts';
import { NOT_APPLICABLE, type Item, type TemplateDocument } from '../schema.ts';
import type { ItemState } from './evaluator.ts';

/**
 * How a question is answered:
 * - `text`: a string (text, long text, URL, QR code, barcode, global list, deprecated site);
 * - `number`: a finite number (number, slider);
 * - `date`: a wall-clock `YYYY-MM-DDTHH:mm:ss` (date and time questions, the inspection dates);
 * - `choice`: a response option's uuid, or `n/a` where allowed; `choices`: a list of them (multiple selection);
 * - `boolean`: `true` (checkbox, acknowledgment; unchecked is no answer);
 * - `media`: a list of uploaded files (photo, video, audio, file);
 * - `signature`: the drawn image as a file and the signer's name;
 * - `location`: coordinates with their accuracy, an address, or both;
 * - `person`: a member of the workspace; `asset`: an asset in use;
 * - `none`: not answered by the inspector (containers, instructions, computed values, the server's own).
 */
export type AnswerKind =
  'text' | 'number' | 'date' | 'choice' | 'choices' | 'boolean' | 'media' | 'signature' | 'location' | 'person' | 'asset' | 'none';

const KIND_BY_TYPE: Partial<Record<Item['type'], AnswerKind>> = {
  textAnswer: 'text',
  longText: 'text',
  url: 'text',
  qr: 'text',
  barcode: 'text',
  site: 'text',
  inspection_number: 'text',
  global_list: 'text',
  number: 'number',
  slider: 'number',
  datetime: 'date',
  inspection_start_date: 'date',
  inspection_end_date: 'date',
  checkbox: 'boolean',
  acknowledgment: 'boolean',
  photo: 'media',
  video: 'media',
  audio: 'media',
  file_manager: 'media',
  signature: 'signature',
  end_signature: 'signature',
  inspection_location: 'location',
  person: 'person',
  asset: 'asset',
};

/** How `item` is answered (see AnswerKind). */
export function answerKindOf(item: Pick<Item, 'type' | 'options'>): AnswerKind {
  const kind = KIND_BY_TYPE[item.type];
  if (kind) return kind;
  if (!getItemType(item.type).answerable) return 'none';
  const operand = operandKindOf(item);
  return operand === 'multiselect' ? 'choices' : operand === 'select' ? 'choice' : 'none';
}

/** A file an answer holds: the upload's id and URL, with its name and type for the report. */
export const MediaValueSchema = z.object({
  id: z.string().min(1).max(DOCUMENT_ID_MAX),
  url: z.string().min(1).max(DOCUMENT_TEXT_MAX),
  name: z
    .string()
    .max(DOCUMENT_ID_MAX * 2)
    .optional(),
  mime: z.string().max(DOCUMENT_ID_MAX).optional(),
});
export type MediaValue = z.infer<typeof MediaValueSchema>;

/** How many files one media question holds (a photo question without `multi_photo` holds one). */
export const MEDIA_PER_ANSWER_MAX = 20;

export const SignatureValueSchema = z.object({
  file: MediaValueSchema,
  name: z
    .string()
    .trim()
    .min(1)
    .max(DOCUMENT_ID_MAX * 2),
  signed_at: z.string().max(DOCUMENT_ID_MAX).optional(),
});
export type SignatureValue = z.infer<typeof SignatureValueSchema>;

export const LocationValueSchema = z
  .object({
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    /** Metres, as the device reports it. */
    accuracy: z.number().min(0).max(1e7).nullable().optional(),
    address: z.string().trim().max(DOCUMENT_TEXT_MAX).nullable().optional(),
  })
  .refine((v) => (v.latitude != null) === (v.longitude != null), { message: 'both coordinates' })
  .refine((v) => v.latitude != null || !!v.address, { message: 'coordinates or address' });
export type LocationValue = z.infer<typeof LocationValueSchema>;

export const PersonValueSchema = z.object({ id: z.string().min(1).max(DOCUMENT_ID_MAX), name: z.string().max(DOCUMENT_ID_MAX * 4) });
export type PersonValue = z.infer<typeof PersonValueSchema>;

export const AssetValueSchema = z.object({
  id: z.string().min(1).max(DOCUMENT_ID_MAX),
  asset_id: z.string().max(DOCUMENT_ID_MAX),
  display_name: z.string().max(DOCUMENT_ID_MAX * 4),
});
export type AssetValue = z.infer<typeof AssetValueSchema>;

export interface ValueProblem {
  code: ChecklistMessageCode;
  params: Record<string, string | number>;
}

const wrong = (): ValueProblem => ({ code: 'CKL_ANSWER_INVALID', params: {} });

/** The most files `item` takes. */
export function mediaLimitOf(item: Pick<Item, 'type' | 'options'>): number {
  return item.type === 'photo' && item.options.multi_photo !== true ? 1 : MEDIA_PER_ANSWER_MAX;
}

/**
 * Whether `value` has the shape `item` is answered with (null or undefined clears the answer and is
 * always accepted): the type, a choice the question offers, a wall-clock date, files within the
 * question's limit. Bounds, lengths and requirements are `checkAnswer`'s.
 */
export function checkAnswerValue(doc: TemplateDocument, item: Item, value: unknown): ValueProblem | null {
  if (value === null || value === undefined) return null;
  const kind = answerKindOf(item);
  switch (kind) {
    case 'none':
      return { code: 'CKL_ANSWER_NOT_ANSWERABLE', params: {} };
    case 'text':
      if (typeof value !== 'string') return wrong();
      return value.length > DOCUMENT_TEXT_MAX ? { code: 'CKL_TOO_LONG', params: { max: DOCUMENT_TEXT_MAX } } : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : wrong();
    case 'date':
      return typeof value === 'string' && value.length === 19 && parseRuleDate(value) !== null
        ? null
        : { code: 'CKL_RULE_DATE_INVALID', params: {} };
    case 'boolean':
      return value === true ? null : wrong();
    case 'choice': {
      if (typeof value !== 'string') return wrong();
      if (value === NOT_APPLICABLE && item.options.allow_n_a === true) return null;
      return choicesOf(doc, item).some((choice) => choice.uuid === value) ? null : { code: 'CKL_ANSWER_UNKNOWN_CHOICE', params: {} };
    }
    case 'choices': {
      if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) return wrong();
      const offered = new Set(choicesOf(doc, item).map((choice) => choice.uuid));
      if (new Set(value).size !== value.length) return wrong();
      return value.every((entry) => offered.has(entry as string)) ? null : { code: 'CKL_ANSWER_UNKNOWN_CHOICE', params: {} };
    }
    case 'media': {
      const files = z.array(MediaValueSchema).safeParse(value);
      if (!files.success) return wrong();
      const max = mediaLimitOf(item);
      return files.data.length > max ? { code: 'CKL_TOO_MANY', params: { max } } : null;
    }
    case 'signature':
      return SignatureValueSchema.safeParse(value).success ? null : wrong();
    case 'location':
      return LocationValueSchema.safeParse(value).success ? null : { code: 'CKL_ANSWER_LOCATION_INVALID', params: {} };
    case 'person':
      return PersonValueSchema.safeParse(value).success ? null : wrong();
    case 'asset':
      return AssetValueSchema.safeParse(value).success ? null : wrong();
  }
}

/**
 * Whether the inspector may give `value` to `item` now: a question they answer, shown and enabled in
 * its evaluated `state`, with a value of its shape. Clearing (null) a shown, enabled answer is allowed.
 */
export function checkAnswerChange(doc: TemplateDocument, item: Item, state: ItemState | undefined, value: unknown): ValueProblem | null {
  if (answerKindOf(item) === 'none') return { code: 'CKL_ANSWER_NOT_ANSWERABLE', params: {} };
  if (!state || !state.visible) return { code: 'CKL_ANSWER_HIDDEN', params: {} };
  if (!state.enabled) return { code: 'CKL_ANSWER_DISABLED', params: {} };
  return checkAnswerValue(doc, item, value);
}
