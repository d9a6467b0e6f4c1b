import { describe, expect, it } from 'vitest';
import { pickName } from './name-lang.ts';

describe('pickName', () => {
  it('reads the name in the language asked for', () => {
    expect(pickName({ en: 'Night shift', fr: 'Équipe de nuit' }, 'fr')).toBe('Équipe de nuit');
  });

  it('falls back to English, then to the least name, whatever the keys’ order', () => {
    expect(pickName({ de: 'Nachtschicht', en: 'Night shift' }, 'ar')).toBe('Night shift');
    expect(pickName({ fr: 'Équipe', de: 'Schicht' }, 'ar')).toBe('Schicht');
    expect(pickName({ de: 'Schicht', fr: 'Équipe' })).toBe('Schicht');
  });

  it('answers null for no name at all', () => {
    expect(pickName({}, 'en')).toBeNull();
  });
});
