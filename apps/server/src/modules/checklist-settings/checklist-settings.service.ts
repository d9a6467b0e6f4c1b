import { randomUUID } from 'node:crypto';
import type {
  CustomUnit,
  GlobalResponse,
  GlobalResponseBody,
  GlobalResponseListQuery,
  Language,
  RatingSettings,
  RatingIcon,
  RatingSettingsBody,
} from '@vigil/contracts';
import { RATING_LEVELS } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import { globalResponses, type GlobalResponseOptionRow } from '../../db/schema/index.ts';
import { compileListQuery, paginationOf, type ListSpec } from '../../platform/list-query/index.ts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { message, notFound, validationFailed, type FieldMessages } from '../../platform/errors.ts';
import { translator } from '../../platform/i18n/index.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import * as repo from './checklist-settings.repo.ts';
import type { CustomUnitRow, GlobalResponseRow, RatingSettingsRow } from './checklist-settings.repo.ts';

const iso = (date: Date) => date.toISOString();

// Global responses --------------------------------------------------------------------------------

function describeGlobalResponse(row: GlobalResponseRow): GlobalResponse {
  return {
    id: row.id,
    name: row.name,
    options: row.options.map((option) => ({
      uuid: option.uuid,
      label: option.label,
      color: option.color ?? null,
      score: option.score ?? null,
    })),
    options_lang: Object.fromEntries(
      Object.entries(row.optionsLang).map(([lang, options]) => [
        lang,
        options.map((option) => ({ uuid: option.uuid, label: option.label })),
      ]),
    ),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** Options with a uuid each (kept when given, else new); two options may not share one. */
function normaliseOptions(options: GlobalResponseBody['options']): GlobalResponseOptionRow[] {
  const seen = new Set<string>();
  return options.map((option, index) => {
    const uuid = option.uuid ?? randomUUID();
    if (seen.has(uuid)) throw validationFailed({ [`options.${index}.uuid`]: [message('checklist.option_duplicate')] });
    seen.add(uuid);
    return { uuid, label: option.label, color: option.color ?? null, score: option.score ?? null };
  });
}

const GLOBAL_RESPONSE_LIST_SPEC: ListSpec = {
  columns: {
    name: { expr: sql`lower(${globalResponses.name})`, type: 'text' },
    created_at: { expr: globalResponses.createdAt, type: 'date' },
    updated_at: { expr: globalResponses.updatedAt, type: 'date' },
  },
  defaultSort: [{ field: 'name', direction: 'asc' }],
  tieBreaker: globalResponses.id,
};

export async function listGlobalResponses(ctx: TenantContext, query: GlobalResponseListQuery) {
  const compiled = compileListQuery(GLOBAL_RESPONSE_LIST_SPEC, query);
  const { rows, total } = await repo.listGlobalResponses(ctx, compiled);
  return { list: rows.map(describeGlobalResponse), pagination: paginationOf(total, query.limit, query.page) };
}

/** What the log keeps of a set: its name and option labels. */
const responseSnapshot = (row: Pick<GlobalResponseRow, 'name' | 'options'>) => ({
  name: row.name,
  options: row.options.map((option) => option.label),
});

export async function createGlobalResponse(ctx: TenantContext, body: GlobalResponseBody, ip: string): Promise<GlobalResponse> {
  const row = await repo.insertGlobalResponse(ctx, { name: body.name, options: normaliseOptions(body.options) });
  await recordActivity(ctx, {
    type: 'global_response.created',
    objectType: 'global_response',
    objectId: row.id,
    after: responseSnapshot(row),
    ip,
  });
  return describeGlobalResponse(row);
}

/** Replaces name and options; translations of options that no longer exist are dropped. */
export async function updateGlobalResponse(ctx: TenantContext, id: string, body: GlobalResponseBody, ip: string): Promise<GlobalResponse> {
  const current = await repo.findGlobalResponse(ctx, id, true);
  if (!current) throw notFound();
  const options = normaliseOptions(body.options);
  const kept = new Set(options.map((option) => option.uuid));
  const optionsLang = Object.fromEntries(
    Object.entries(current.optionsLang).map(([lang, list]) => [lang, list.filter((option) => kept.has(option.uuid))]),
  );
  const row = await repo.updateGlobalResponse(ctx, id, { name: body.name, options, optionsLang });
  if (!row) throw notFound();
  await recordActivity(ctx, {
    type: 'global_response.updated',
    objectType: 'global_response',
    objectId: id,
    before: responseSnapshot(current),
    after: responseSnapshot(row),
    ip,
  });
  return describeGlobalResponse(row);
}

export async function deleteGlobalResponse(ctx: TenantContext, id: string, ip: string): Promise<void> {
  const deleted = await repo.deleteGlobalResponse(ctx, id);
  if (!deleted) throw notFound();
  await recordActivity(ctx, {
    type: 'global_response.deleted',
    objectType: 'global_response',
    objectId: id,
    objectName: deleted.name,
    before: { name: deleted.name },
    ip,
  });
}

/** Sets the labels of the set's options in one language; every uuid must be one of the set's options. */
export async function setGlobalResponseLanguage(
  ctx: TenantContext,
  id: string,
  lang: Language,
  options: { uuid: string; label: string }[],
  ip: string,
): Promise<GlobalResponse> {
  const current = await repo.findGlobalResponse(ctx, id, true);
  if (!current) throw notFound();
  const known = new Set(current.options.map((option) => option.uuid));
  const errors: FieldMessages = {};
  options.forEach((option, index) => {
    if (!known.has(option.uuid)) errors[`options.${index}.uuid`] = [message('checklist.option_not_found')];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const row = await repo.updateGlobalResponse(ctx, id, { optionsLang: { ...current.optionsLang, [lang]: options } });
  if (!row) throw notFound();
  await recordActivity(ctx, {
    type: 'global_response.translated',
    objectType: 'global_response',
    objectId: id,
    after: { lang, options: options.length },
    ip,
  });
  return describeGlobalResponse(row);
}

/** Translates one option (by its uuid) into one language. */
export async function translateOption(
  ctx: TenantContext,
  optionUuid: string,
  lang: Language,
  translation: string,
  ip: string,
): Promise<GlobalResponse> {
  const current = await repo.findGlobalResponseByOption(ctx, optionUuid);
  if (!current) throw notFound();
  const list = (current.optionsLang[lang] ?? []).filter((option) => option.uuid !== optionUuid);
  const ordered = current.options.flatMap((option) =>
    option.uuid === optionUuid ? [{ uuid: optionUuid, label: translation }] : list.filter((entry) => entry.uuid === option.uuid),
  );
  const row = await repo.updateGlobalResponse(ctx, current.id, { optionsLang: { ...current.optionsLang, [lang]: ordered } });
  if (!row) throw notFound();
  await recordActivity(ctx, {
    type: 'global_response.translated',
    objectType: 'global_response',
    objectId: current.id,
    after: { lang, translation },
    ip,
  });
  return describeGlobalResponse(row);
}

// Custom units ------------------------------------------------------------------------------------

const describeUnit = (row: CustomUnitRow): CustomUnit => ({
  id: row.id,
  name: row.name,
  symbol: row.symbol,
  created_at: iso(row.createdAt),
});

export async function allCustomUnits(ctx: TenantContext): Promise<CustomUnit[]> {
  return (await repo.listCustomUnits(ctx)).map(describeUnit);
}

export async function createCustomUnit(ctx: TenantContext, body: { name: string; symbol: string }, ip: string): Promise<CustomUnit> {
  const row = await repo.insertCustomUnit(ctx, body);
  if (!row) throw validationFailed({ name: [message('checklist.custom_unit_exists')] });
  await recordActivity(ctx, {
    type: 'custom_unit.created',
    objectType: 'custom_unit',
    objectId: row.id,
    after: { name: row.name, symbol: row.symbol },
    ip,
  });
  return describeUnit(row);
}

// Rating settings ---------------------------------------------------------------------------------

const RATING_KEYS = ['checklist.rating_1', 'checklist.rating_2', 'checklist.rating_3', 'checklist.rating_4', 'checklist.rating_5'] as const;

function describeRatings(row: RatingSettingsRow): RatingSettings {
  return { id: row.id, rating: row.rating as Record<string, string>, order: row.order as number[], icons: row.icons as RatingIcon[] };
}

/** The workspace's settings, or the default scale labelled in the preferred language. */
export async function getRatingSettings(ctx: TenantContext, language: Language): Promise<RatingSettings> {
  const t = translator(language);
  const row = await repo.findRatingSettings(ctx);
  if (row) return describeRatings(row);
  return {
    id: null,
    rating: Object.fromEntries(RATING_LEVELS.map((level, index) => [String(level), t(RATING_KEYS[index])])),
    order: [...RATING_LEVELS],
    icons: [],
  };
}

function checkOrder(body: RatingSettingsBody): void {
  if (new Set(body.order).size !== body.order.length) throw validationFailed({ order: [message('checklist.rating_order_duplicate')] });
}

function ratingSnapshot(row: RatingSettingsRow) {
  const icons = (row.icons as RatingIcon[]).map((icon) => icon.level);
  return { rating: row.rating, order: row.order, ...(icons.length > 0 ? { icons } : {}) };
}

function recordRatings(ctx: TenantContext, before: RatingSettingsRow | null, after: RatingSettingsRow, ip: string) {
  return recordActivity(ctx, {
    type: 'rating_settings.saved',
    objectType: 'rating_settings',
    objectId: after.id,
    before: before ? ratingSnapshot(before) : null,
    after: ratingSnapshot(after),
    ip,
  });
}

/**
 * Creates the workspace's rating settings, or replaces them when they exist (one per workspace).
 * `icons` are new icons by level: each replaces that level's icon, the other levels keep theirs.
 */
export async function saveRatingSettings(
  ctx: TenantContext,
  body: RatingSettingsBody,
  ip: string,
  icons: RatingIcon[] = [],
): Promise<RatingSettings> {
  checkOrder(body);
  const existing = await repo.findRatingSettings(ctx);
  const replaced = new Set(icons.map((icon) => icon.level));
  const kept = ((existing?.icons ?? []) as RatingIcon[]).filter((icon) => !replaced.has(icon.level));
  const values = {
    rating: body.rating as Record<string, string>,
    order: body.order,
    icons: [...kept, ...icons].sort((a, b) => a.level - b.level),
  };
  const row = existing ? await repo.updateRatingSettings(ctx, existing.id, values) : await repo.insertRatingSettings(ctx, values);
  await recordRatings(ctx, existing, row!, ip);
  return describeRatings(row!);
}

export async function updateRatingSettings(ctx: TenantContext, id: string, body: RatingSettingsBody, ip: string): Promise<RatingSettings> {
  const existing = await repo.findRatingSettingsById(ctx, id);
  if (!existing) throw notFound();
  checkOrder(body);
  const row = await repo.updateRatingSettings(ctx, id, { rating: body.rating, order: body.order });
  if (!row) throw notFound();
  await recordRatings(ctx, existing, row, ip);
  return describeRatings(row);
}
