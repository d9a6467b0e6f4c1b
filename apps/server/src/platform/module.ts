import type { SessionStore } from './auth/sessions.ts';
import type { KnownDevices } from './auth/known-devices.ts';
import type { LoginThrottle } from './auth/throttle.ts';
import type { TwoFactorKeys } from './auth/two-factor-codes.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db.ts';
import type { FileStore } from './files/index.ts';
import type { Imports } from './imports/index.ts';
import type { QueueDefinition } from './jobs/queue.ts';
import type { PdfPrinter } from './pdf/index.ts';
import type { App } from './http.ts';

/** The application's shared services, built once by `buildApp` and handed to every module it mounts. */
export interface ModuleServices {
  config: Config;
  database: Database;
  db: Db;
  sessions: SessionStore;
  throttle: LoginThrottle;
  knownDevices: KnownDevices;
  twoFactorKeys: TwoFactorKeys;
  files: FileStore;
  /** Bulk imports: a module registers where its rows go and mounts its `…/bulk-import` calls. */
  imports: Imports;
  /** Job queues a module runs: declared in its `mount`, opened with the server's job queue (docs/architecture.md "Background jobs"). */
  jobs: JobQueues;
  /** PDFs printed from the server's own pages by the system Chromium (one browser per process). */
  pdf: PdfPrinter;
  /** Cookies carry `Secure` when the public address is https. */
  secureCookies: boolean;
  /** The web app's address, for links in mails. */
  publicUrl: string;
}

export interface JobQueues {
  /** Declares a queue and its handler; `enqueueJob` may name it once the server's job queue is open. */
  declare(definition: QueueDefinition): void;
}

/**
 * What a module's `index.ts` exports for the server to mount: its name (its folder under `modules/`)
 * and the function that registers its routes. `SERVER_MODULES` lists them.
 */
export interface ServerModule {
  name: string;
  // A property, not a method: TypeScript then checks that the services cover what `mount` needs.
  mount: (app: App, services: ModuleServices) => void;
}
