/**
 * Template translations (spec 2 §2 "Translation screen", §7): one translation per language, its records
 * keyed by what they translate. Sources are read from the current draft each time, so a record whose
 * question was deleted simply stops being listed. Translations live in the draft document but are
 * written only here (autosave keeps the stored ones), so the builder and the translation screen never
 * overwrite each other; they do not change the draft's revision.
 */
import { formatMessage, type TemplateDocument, type Translation } from '@vigil/checklist';
import type { Language, TemplateTranslation } from '@vigil/contracts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { AppError, checklistMessage, notFound, validationFailed, type FieldMessages } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import * as repo from './templates.repo.ts';

/** Every translatable text of the document: the title, description, item titles and response labels. */
export function sourceTexts(document: TemplateDocument): Map<string, string> {
  const texts = new Map<string, string>();
  if (document.title) texts.set('title', document.title);
  if (document.description) texts.set('description', document.description);
  for (const item of document.items) {
    if (item.title && item.type !== 'hidden_page' && item.type !== 'repeating_group') texts.set(`items.${item.id}.title`, item.title);
  }
  for (const set of document.responses) {
    for (const option of set.options) if (option.label) texts.set(`responses.${set.uuid}.${option.uuid}.label`, option.label);
  }
  return texts;
}

function describe(
  document: TemplateDocument,
  translation: Translation,
  sourceLang: string,
  filter: 'all' | 'untranslated' | 'translated',
): TemplateTranslation {
  const stored = new Map(translation.records.map((record) => [record.key, record]));
  const all = [...sourceTexts(document)].map(([key, source]) => {
    const record = stored.get(key);
    return {
      key,
      source,
      translation: record?.translation ?? null,
      updated_by: record?.updated_by ?? null,
      updated_at: record?.updated_at ?? null,
    };
  });
  const translated = all.filter((record) => record.translation !== null && record.translation !== '').length;
  const records =
    filter === 'all'
      ? all
      : all.filter((record) => (record.translation !== null && record.translation !== '') === (filter === 'translated'));
  return { lang: translation.lang, source_lang: sourceLang, is_draft: translation.is_draft, total: all.length, translated, records };
}

async function load(ctx: TenantContext, id: string) {
  const row = await repo.findTemplate(ctx, id, true);
  if (!row) throw notFound();
  return row;
}

/** Who calls and in which language they read messages. */
export interface Call {
  ip: string;
  locale: Language;
}

/** The call a request makes: its address and the language it reads messages in. */
export const callOf = (request: { ip: string; language: Language }): Call => ({ ip: request.ip, locale: request.language });

export async function addTranslation(ctx: TenantContext, id: string, lang: Language, call: Call): Promise<TemplateTranslation> {
  const row = await load(ctx, id);
  if (lang === row.language) throw validationFailed({ lang: [checklistMessage('CKL_OPTION_INVALID', { option: 'lang' })] });
  const translations = row.document.translations ?? [];
  let translation = translations.find((entry) => entry.lang === lang);
  if (!translation) {
    translation = { lang, is_draft: true, records: [] };
    await repo.setTranslations(ctx, id, [...translations, translation], true);
    await recordActivity(ctx, { type: 'template.translation_added', objectType: 'template', objectId: id, after: { lang }, ip: call.ip });
  }
  return describe(row.document, translation, row.language, 'all');
}

export async function getTranslation(
  ctx: TenantContext,
  id: string,
  lang: Language,
  filter: 'all' | 'untranslated' | 'translated',
): Promise<TemplateTranslation> {
  const row = await repo.findTemplate(ctx, id);
  if (!row) throw notFound();
  const translation = (row.document.translations ?? []).find((entry) => entry.lang === lang);
  if (!translation) throw notFound();
  return describe(row.document, translation, row.language, filter);
}

/** Sets translations by key, all or nothing: an unknown key refuses the whole request. */
export async function updateTranslation(
  ctx: TenantContext,
  id: string,
  lang: Language,
  records: { key: string; translation: string | null }[],
  fieldOf: (index: number) => string,
  call: Call,
  activity: 'template.translation_updated' | 'template.translations_imported' = 'template.translation_updated',
): Promise<TemplateTranslation> {
  const row = await load(ctx, id);
  const translations = row.document.translations ?? [];
  const current = translations.find((entry) => entry.lang === lang);
  if (!current) throw notFound();
  const sources = sourceTexts(row.document);
  const errors: FieldMessages = {};
  records.forEach((record, index) => {
    if (!sources.has(record.key)) errors[fieldOf(index)] = [checklistMessage('CKL_KEY_NOT_FOUND')];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const now = new Date().toISOString();
  const byKey = new Map(current.records.map((record) => [record.key, record]));
  for (const record of records) {
    byKey.set(record.key, {
      key: record.key,
      source: sources.get(record.key) ?? null,
      translation: record.translation,
      updated_by: ctx.actor.userId,
      updated_at: now,
    });
  }
  const updated: Translation = { ...current, is_draft: true, records: [...byKey.values()] };
  await repo.setTranslations(
    ctx,
    id,
    translations.map((entry) => (entry.lang === lang ? updated : entry)),
    true,
  );
  // A count, not the texts: a bulk update may carry thousands of them.
  await recordActivity(ctx, { type: activity, objectType: 'template', objectId: id, after: { lang, count: records.length }, ip: call.ip });
  return describe(row.document, updated, row.language, 'all');
}

export async function deleteTranslation(ctx: TenantContext, id: string, lang: Language, ip: string): Promise<void> {
  const row = await load(ctx, id);
  const translations = row.document.translations ?? [];
  if (!translations.some((entry) => entry.lang === lang)) throw notFound();
  const rest = translations.filter((entry) => entry.lang !== lang);
  await repo.setTranslations(
    ctx,
    id,
    rest,
    rest.some((entry) => entry.is_draft),
  );
  await recordActivity(ctx, { type: 'template.translation_deleted', objectType: 'template', objectId: id, before: { lang }, ip });
}

/** On publish the draft translations become the published ones. */
export function publishedTranslations(translations: Translation[]): Translation[] {
  return translations.map((entry) => ({ ...entry, is_draft: false }));
}

/** What a translation import answers when rows are refused: every row with its errors. */
export interface TranslationRowReport {
  row: number;
  values: Record<string, string>;
  errors: string[];
}

/**
 * Imports translations from the table of a CSV or xlsx file (read by the route before the
 * transaction): `key_column` and `translation_column` name the
 * header cells to read. Rows without a key, with a key the template does not have, or repeated, refuse
 * the whole file (422 with every row's errors); otherwise every translation is set at once.
 */
export async function importTranslations(
  ctx: TenantContext,
  id: string,
  lang: Language,
  table: string[][],
  columns: { key_column: string; translation_column: string },
  call: Call,
): Promise<TemplateTranslation> {
  const message = (
    code: 'CKL_OPTION_INVALID' | 'CKL_RECORD_NO_KEY' | 'CKL_KEY_NOT_FOUND' | 'CKL_DUPLICATE_ROW',
    params: Record<string, string> = {},
  ) => formatMessage(code, params, call.locale);
  const [header = [], ...body] = table;
  const find = (name: string) => header.findIndex((cell) => cell.trim().toLowerCase() === name.trim().toLowerCase());
  const keyAt = find(columns.key_column);
  const translationAt = find(columns.translation_column);
  const missing: FieldMessages = {};
  if (keyAt < 0) missing.key_column = [checklistMessage('CKL_OPTION_INVALID', { option: 'key_column' })];
  if (translationAt < 0) missing.translation_column = [checklistMessage('CKL_OPTION_INVALID', { option: 'translation_column' })];
  if (Object.keys(missing).length > 0) throw validationFailed(missing);

  const row = await repo.findTemplate(ctx, id);
  if (!row) throw notFound();
  const sources = sourceTexts(row.document);
  const seen = new Set<string>();
  const reports: TranslationRowReport[] = [];
  body.forEach((cells, index) => {
    const key = (cells[keyAt] ?? '').trim();
    const translation = cells[translationAt] ?? '';
    if (key === '' && translation.trim() === '') return;
    const errors: string[] = [];
    if (key === '') errors.push(message('CKL_RECORD_NO_KEY'));
    else if (!sources.has(key)) errors.push(message('CKL_KEY_NOT_FOUND'));
    else if (seen.has(key)) errors.push(message('CKL_DUPLICATE_ROW'));
    seen.add(key);
    reports.push({ row: index + 2, values: { key, translation }, errors });
  });
  const failing = reports.filter((report) => report.errors.length > 0);
  if (reports.length === 0) throw new AppError(422, 'CKL_IMPORT_FILE_INVALID', 'template.import_empty');
  if (failing.length > 0) {
    throw new AppError(
      422,
      'CKL_IMPORT_ROWS_INVALID',
      'template.import_rows_invalid',
      { count: failing.length },
      { error_count: failing.length, rows: reports },
    );
  }
  return updateTranslation(
    ctx,
    id,
    lang,
    reports.map((report) => ({ key: report.values.key, translation: report.values.translation || null })),
    (index) => `rows.${index}`,
    call,
    'template.translations_imported',
  );
}
