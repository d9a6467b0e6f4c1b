import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@vigil/contracts';
import {
  CHECKLIST_MESSAGE_CATALOGUES,
  CHECKLIST_MESSAGES,
  SERVER_MESSAGE_CODES,
  checklistI18nBundle,
  formatMessage,
  messageKey,
  refuse,
  type ChecklistMessageCode,
} from './messages.ts';

describe('messages', () => {
  it('keeps the spec wording of section 5', () => {
    const spec: [ChecklistMessageCode, string][] = [
      ['CKL_FIELD_REQUIRED', 'field is required'],
      ['CKL_MORE_THAN', 'more than {min}'],
      ['CKL_LESS_THAN', 'less than {max}'],
      ['CKL_BETWEEN', 'between [{min} - {max}]'],
      ['CKL_LENGTH_BETWEEN', 'length must be between [{min} - {max}]'],
      ['CKL_EQUATION_INVALID', 'equation is invalid'],
      ['CKL_VARIABLE_UNKNOWN', 'variable {var} unknown'],
      ['CKL_PLAIN_NUMBER', 'only a plain number'],
      ['CKL_DECIMAL_DIGITS', 'only {num} digits after the decimal point'],
      ['CKL_GLOBAL_RESPONSE_DELETED', 'selected global response was deleted'],
      ['CKL_DUPLICATE_ROW', 'duplicate row in the file'],
      ['CKL_RECORD_NO_KEY', 'record has no key'],
      ['CKL_KEY_NOT_FOUND', 'key not found in the template'],
      ['CKL_INVALID_URL', 'invalid url'],
      ['CKL_GLOBAL_LIST_NO_POINTS', 'current global list has no points field'],
      ['CKL_NO_PARENT_ITEM', 'no parent item'],
      ['CKL_ITEM_DUPLICATED_IN_PAGE', 'item cannot be duplicated in the page'],
      ['CKL_ITEM_NOT_ALLOWED_IN_PAGE', 'item not allowed in the page'],
      ['CKL_TYPE_NOT_SUPPORTED', 'type not supported'],
      ['CKL_LIST_NEEDS_OPTIONS', 'list questions need more than one option'],
      ['CKL_RULE_DEPENDENCY_NOT_EARLIER', 'dependencies may only refer to earlier questions'],
      ['CKL_RULE_VISIBILITY_IN_CONDITION', 'visibility cannot be changed on an item used inside a logical condition'],
      ['CKL_RULE_NO_ACTIONS', 'actions must not be empty'],
    ];
    for (const [code, text] of spec) expect(CHECKLIST_MESSAGES[code].toLowerCase()).toContain(text);
  });

  it('keeps the nesting message verbatim', () => {
    expect(CHECKLIST_MESSAGES.CKL_NESTING_NOT_ALLOWED).toBe(
      "A section with 'Grouped options' or 'Repeatable' is not allowed to its descendants or ancestors containing 'Grouped options' or 'Repeatable'.",
    );
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(formatMessage('CKL_BETWEEN', { min: 1, max: 5 })).toBe('Must be between [1 - 5]');
    expect(formatMessage('CKL_VARIABLE_UNKNOWN', {})).toBe('Variable {var} unknown');
    expect(messageKey('CKL_FIELD_REQUIRED')).toBe('checklist:messages.CKL_FIELD_REQUIRED');
  });

  it('has every message in every language, with the English placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{([a-z_]+)\}/gi)].map((match) => match[1]).sort();
    for (const language of LANGUAGES) {
      const catalogue = CHECKLIST_MESSAGE_CATALOGUES[language];
      expect(Object.keys(catalogue).sort(), language).toEqual(Object.keys(CHECKLIST_MESSAGES).sort());
      for (const [code, english] of Object.entries(CHECKLIST_MESSAGES)) {
        const text = catalogue[code as ChecklistMessageCode];
        expect(text.trim(), `${language} ${code}`).not.toBe('');
        expect(placeholders(text), `${language} ${code}`).toEqual(placeholders(english));
        if (language !== 'en') expect(text, `${language} ${code} is not translated`).not.toBe(english);
      }
    }
  });

  it('formats in the asked language and gives the web its i18next bundle', () => {
    expect(formatMessage('CKL_BETWEEN', { min: 1, max: 5 }, 'fr')).toBe('Doit être compris entre [1 - 5]');
    expect(formatMessage('CKL_VARIABLE_UNKNOWN', { var: 'a' }, 'de')).toBe('Variable a unbekannt');
    expect(formatMessage('CKL_MORE_THAN', { min: 3 }, 'ar')).toBe('يجب أن تكون القيمة أكبر من 3');
    expect(checklistI18nBundle('fr').messages.CKL_BETWEEN).toBe('Doit être compris entre [{{min}} - {{max}}]');
    expect(checklistI18nBundle('en').messages.CKL_FIELD_REQUIRED).toBe('Field is required');
  });

  it('builds refusals with code, message and params', () => {
    expect(refuse('CKL_DECIMAL_DIGITS', { num: 2 })).toEqual({
      ok: false,
      code: 'CKL_DECIMAL_DIGITS',
      message: 'Only 2 digits after the decimal point are allowed',
      params: { num: 2 },
    });
  });

  it('uses AREA_WHAT codes for every message', () => {
    for (const code of Object.keys(CHECKLIST_MESSAGES)) expect(code).toMatch(/^CKL_[A-Z_]+$/);
  });

  it('gives every message somewhere in the package, except those left to the server', () => {
    const dir = import.meta.dirname;
    const sources = (readdirSync(dir, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'messages.ts')
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .join('\n');
    for (const code of Object.keys(CHECKLIST_MESSAGES) as ChecklistMessageCode[]) {
      if ((SERVER_MESSAGE_CODES as readonly string[]).includes(code) && code !== 'CKL_TYPE_NOT_SUPPORTED') continue;
      expect(sources, code).toContain(`'${code}'`);
    }
  });
});
