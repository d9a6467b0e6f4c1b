import { ChangeBasicInfoBodySchema, InviteUserBodySchema, LANGUAGES, NICKNAME_MAX_LENGTH, personName } from '@vigil/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from './i18n.ts';
import { schemaRule } from './schema-rule.ts';

beforeAll(async () => {
  await initI18n('en');
});

/** What the rule answers for a value: nothing when it passes, else the message shown under the field. */
async function check(rule: ReturnType<typeof schemaRule>, value: unknown): Promise<string | undefined> {
  const { validator } = rule as { validator: (rule: unknown, value: unknown) => Promise<void> };
  return validator({}, value).then(
    () => undefined,
    (error: Error) => error.message,
  );
}

describe('schemaRule', () => {
  const t = i18next.t.bind(i18next);

  it("checks a field with the contract's schema and shows its message in the reader's language", async () => {
    await changeLanguage('en');
    const mobile = schemaRule(ChangeBasicInfoBodySchema.shape.mobile, t);
    expect(await check(mobile, '+49 151 2345 6789')).toBeUndefined();
    expect(await check(mobile, '')).toBeUndefined();
    expect(await check(mobile, '0151 2345')).toBe('Enter the number in international form, e.g. +49 151 2345 6789 (8 to 15 digits).');
    await changeLanguage('fr');
    expect(await check(mobile, '0151 2345')).toMatch(/^Saisissez le numéro au format international/);
    await changeLanguage('en');
  });

  it('leaves an empty field to its own required rule when it is not required', async () => {
    await changeLanguage('en');
    const email = schemaRule(InviteUserBodySchema.shape.email, t);
    expect(await check(email, '')).toBeUndefined();
    expect(await check(email, undefined)).toBeUndefined();
    expect(await check(email, 'not an address')).toBe('Enter a valid email address.');
    expect(await check(email, 'ada@example.test')).toBeUndefined();
  });

  it('says a required name is missing once, also when it is only spaces or not there at all', async () => {
    const name = schemaRule(personName(), t, { required: true });
    expect(await check(name, '   ')).toBe('This field is required.');
    expect(await check(name, undefined)).toBe('This field is required.');
    expect(await check(name, 'R2-D2')).toBe('Use letters, spaces, hyphens and apostrophes only.');
    expect(await check(name, "Anne-Marie O'Neil")).toBeUndefined();
  });

  it('names the limit of a text that is too long, with the plural of the language', async () => {
    const nick = schemaRule(ChangeBasicInfoBodySchema.shape.nick_name, t);
    const tooLong = 'a'.repeat(NICKNAME_MAX_LENGTH + 1);
    expect(await check(nick, tooLong)).toBe(`Enter at most ${NICKNAME_MAX_LENGTH} characters.`);
    await changeLanguage('ar');
    expect(await check(nick, tooLong)).toBe(i18next.t('common:validation.too_long', { count: NICKNAME_MAX_LENGTH }));
    expect(await check(nick, tooLong)).toContain(String(NICKNAME_MAX_LENGTH));
    await changeLanguage('en');
  });
});

describe('the validation messages the contracts name', () => {
  const sources = import.meta.glob<string>(['../../../../packages/contracts/src/*.ts', '!**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const keys = new Set(
    Object.values(sources).flatMap((source) => [...source.matchAll(/error: '(validation\.[a-z_]+)'/g)].map((match) => match[1])),
  );
  const commons = import.meta.glob<{ validation: Record<string, string> }>('../locales/*/common.json', { import: 'default', eager: true });

  it.each(LANGUAGES)('are all in the common namespace in %s', (language) => {
    expect(keys.size).toBeGreaterThan(5);
    const { validation } = commons[`../locales/${language}/common.json`];
    expect([...keys].filter((key) => !(key.slice('validation.'.length) in validation))).toEqual([]);
  });
});
