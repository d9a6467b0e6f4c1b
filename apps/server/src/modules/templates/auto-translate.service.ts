/**
 * Auto-translate (spec 2 §5, §7): machine translations of up to 10 translation records, answered as a
 * preview; the translation screen stores the ones the user keeps through the usual translation calls.
 * The translation itself is the AI service's (`POST /translate` on its own base URL, 120 s timeout).
 */
import type { AutoTranslation, Language } from '@vigil/contracts';
import { AppError, checklistMessage, notFound, validationFailed, type FieldMessages } from '../../platform/errors.ts';
import { anyAddress, outboundRequest } from '../../platform/outbound-http/index.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import * as repo from './templates.repo.ts';
import { sourceTexts } from './translations.service.ts';

const AI_TRANSLATE_TIMEOUT_MS = 120_000;
/** Ten records' translations are far below this; a larger answer is not the service's. */
const AI_TRANSLATE_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export interface TranslationRequest {
  source_lang: string;
  target_lang: string;
  texts: string[];
}

/** Translates texts in order; throws when the service cannot answer. */
export type MachineTranslator = (request: TranslationRequest) => Promise<string[]>;

const unavailable = () => new AppError(503, 'CKL_AUTO_TRANSLATE_UNAVAILABLE', 'template.auto_translate_unavailable');

/**
 * The AI service client: `POST {url}/translate` with `{source_lang, target_lang, texts}`, answering
 * `{translations: string[]}` in the same order. Null when no service is configured. The operator
 * configures the URL, and the service often runs on their own network, so any address may be reached;
 * the answer is capped and a redirect is not followed (outbound-http).
 */
export function createAiTranslator(config: { url?: string; token?: string; timeoutMs?: number }): MachineTranslator | null {
  if (!config.url) return null;
  const endpoint = new URL('translate', config.url.endsWith('/') ? config.url : `${config.url}/`);
  return async (request) => {
    const response = await outboundRequest(endpoint, {
      addresses: anyAddress,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.token ? { authorization: `Bearer ${config.token}` } : {}) },
      body: JSON.stringify(request),
      limits: { timeoutMs: config.timeoutMs ?? AI_TRANSLATE_TIMEOUT_MS, maxBytes: AI_TRANSLATE_MAX_ANSWER_BYTES },
    });
    if (response.status < 200 || response.status >= 300) throw new Error(`AI service answered ${response.status}`);
    const body = JSON.parse(response.body.toString('utf8')) as { translations?: unknown };
    const translations = body.translations;
    if (
      !Array.isArray(translations) ||
      translations.length !== request.texts.length ||
      !translations.every((text) => typeof text === 'string')
    ) {
      throw new Error('AI service answered an unexpected body');
    }
    return translations;
  };
}

interface PendingTranslation {
  lang: Language;
  source_lang: string;
  records: { key: string; source: string }[];
}

/**
 * The draft's texts for `keys`, to translate into `lang`. Instruction items are left out (spec 2 §5);
 * an unknown key refuses the request. Read in the request's transaction; the slow call to the AI
 * service (`machineTranslate`) happens after it, holding no connection.
 */
export async function textsToTranslate(ctx: TenantContext, id: string, lang: Language, keys: string[]): Promise<PendingTranslation> {
  const row = await repo.findTemplate(ctx, id);
  if (!row) throw notFound();
  if (!(row.document.translations ?? []).some((entry) => entry.lang === lang)) throw notFound();
  const sources = sourceTexts(row.document);
  const instructions = new Set(row.document.items.filter((item) => item.type === 'instruction').map((item) => `items.${item.id}.title`));
  const errors: FieldMessages = {};
  keys.forEach((key, index) => {
    if (!sources.has(key)) errors[`keys.${index}`] = [checklistMessage('CKL_KEY_NOT_FOUND')];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const wanted = [...new Set(keys)].filter((key) => !instructions.has(key));
  return { lang, source_lang: row.language, records: wanted.map((key) => ({ key, source: sources.get(key)! })) };
}

/** The AI service's translations of the pending records; nothing is stored. */
export async function machineTranslate(pending: PendingTranslation, translator: MachineTranslator | null): Promise<AutoTranslation> {
  if (pending.records.length === 0) return { ...pending, records: [] };
  if (!translator) throw unavailable();
  let translations: string[];
  try {
    translations = await translator({
      source_lang: pending.source_lang,
      target_lang: pending.lang,
      texts: pending.records.map((record) => record.source),
    });
  } catch {
    throw unavailable();
  }
  return { ...pending, records: pending.records.map((record, index) => ({ ...record, translation: translations[index] })) };
}
