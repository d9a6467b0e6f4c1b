import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the server of `serverUrl` through a short-lived connection. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const connection = new pg.Client({ connectionString: serverUrl });
  await connection.connect();
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a database of its own on the server of `serverUrl`, optionally as a copy of `template`.
 * Copies of one template cannot start while another connection uses it, so those retry briefly.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const statement = template ? `create database "${name}" template "${template}"` : `create database "${name}"`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await onServer(serverUrl, statement);
      break;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  return {
    url: withDatabase(serverUrl, name),
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}
