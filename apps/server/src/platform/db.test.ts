import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import journal from '../db/migrations/meta/_journal.json' with { type: 'json' };
import { openDatabase, rowsOf } from './db.ts';

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

  it('stores bytes and reads them back byte for byte, a slice of a larger buffer included', async () => {
    const database = await openDatabase({ driver: 'pglite' });
    try {
      const everyByte = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));
      const slice = Buffer.concat([Buffer.from('before'), everyByte, Buffer.from('after')]).subarray(6, 6 + 256);
      for (const bytes of [everyByte, slice, Buffer.alloc(0)]) {
        const result = await database.db.execute(sql`select ${bytes}::bytea as bytes, octet_length(${bytes}::bytea) as length`);
        const [row] = rowsOf<{ bytes: Buffer; length: number }>(result);
        expect(row.length).toBe(bytes.length);
        expect(Buffer.isBuffer(row.bytes)).toBe(true);
        expect(row.bytes.toString('hex')).toBe(bytes.toString('hex'));
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
