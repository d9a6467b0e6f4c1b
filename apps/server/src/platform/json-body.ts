/**
 * Every JSON a client sends is measured on its raw text before `JSON.parse` (request bodies here,
 * JSON text in multipart fields where the route reads it): nesting deeper than JSON_MAX_DEPTH or a
 * container with more than JSON_MAX_ENTRIES entries is refused at once (docs/input-limits.md). Without this a 5,000-level
 * document parsed fine and overflowed the stack later (JSON.stringify, Zod), and a million-element
 * array cost seconds of validation and a gigabyte of error messages.
 */
import { JSON_MAX_DEPTH, JSON_MAX_ENTRIES } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Throws 400 `_JSON_TOO_DEEP` or 413 `_JSON_TOO_MANY_ENTRIES` when the text nests or fans out
 * beyond the limits. One pass over the characters, no recursion, no allocation beyond one small
 * array of counters; malformed text is left for `JSON.parse` to refuse.
 */
export function checkJsonShape(text: string): void {
  const commas = new Uint32Array(JSON_MAX_DEPTH + 1);
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
      continue;
    }
    if (char === QUOTE) inString = true;
    else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      if (++depth > JSON_MAX_DEPTH) throw new AppError(400, '_JSON_TOO_DEEP', 'error.json_too_deep', { count: JSON_MAX_DEPTH });
      commas[depth] = 0;
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      if (depth > 0) depth--;
    } else if (char === COMMA && depth > 0 && ++commas[depth] >= JSON_MAX_ENTRIES) {
      throw new AppError(413, '_JSON_TOO_MANY_ENTRIES', 'error.json_too_many_entries', { count: JSON_MAX_ENTRIES });
    }
  }
}

/** Only text that could hold such a key pays for the reviver (as in Fastify's own parser). */
const POISONING_KEY = /__proto__|constructor|\\u/;

/** The same refusal Fastify's own parser applies (`onProtoPoisoning: 'error'`, `onConstructorPoisoning: 'error'`). */
function refusePrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new Error('prototype key');
  if (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype'))
    throw new Error('prototype key');
  return value;
}

/** A request body as JSON: measured, then parsed; AppError when it is empty, too large or malformed. */
function parseJsonBody(body: string): unknown {
  if (body === '') throw new AppError(400, '_BAD_REQUEST', 'error.bad_request');
  checkJsonShape(body);
  try {
    return JSON.parse(body, POISONING_KEY.test(body) ? refusePrototypeKeys : undefined);
  } catch {
    throw new AppError(400, '_BAD_REQUEST', 'error.bad_request');
  }
}

/** Replaces Fastify's `application/json` parser with one that measures the body first. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request: FastifyRequest, body: string, done) => {
    let parsed: unknown;
    try {
      parsed = parseJsonBody(body);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    done(null, parsed);
  });
}
