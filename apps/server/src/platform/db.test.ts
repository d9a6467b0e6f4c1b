import { describe, expect, it } from 'vitest';
import journal from '../db/migrations/meta/_journal.json' with { type: 'json' };
import { openDatabase } from './db.ts';

describe('the embedded database', () => {
  it('answers how many migrations it applied: all of them on a new database, none the next time', async () => {
    const database = await openDatabase({ driver: 'pglite' });
    try {
      expect(await database.isReady()).toBe(false);
      expect(await database.migrate()).toBe(journal.entries.length);
      expect(await database.isReady()).toBe(true);
      expect(await database.migrate()).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);
});
