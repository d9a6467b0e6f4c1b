import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';

/**
 * After each full collection V8 lets the heap grow to up to four times what survived before the next
 * one: importing 100,000 rows grew the process by 200 MB of garbage. 1.5 times bounds that at a few
 * milliseconds of collection more (ADR 0006). A `--heap-growing-percent` given to node wins.
 */
const HEAP_GROWING_PERCENT = 50;
if (!process.execArgv.some((option) => option.startsWith('--heap-growing-percent') || option.startsWith('--heap_growing_percent')))
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

async function main(): Promise<void> {
  const config = loadConfig();
  // The application's code loads while the database opens: the embedded database reads and compiles
  // its WebAssembly off the main thread meanwhile.
  const application = Promise.all([import('./app.ts'), import('./seed/demo.ts')]);
  const open = () =>
    openDatabase(config.DATABASE_URL ? { driver: 'postgres', url: config.DATABASE_URL } : { driver: 'pglite', dataDir: config.PGLITE_DIR });
  let database = await open();
  if ((await database.migrate()) > 0 && database.driver === 'pglite') {
    // Creating or migrating the embedded database grows its WebAssembly memory (to about 600 MB on a
    // first start), which is never handed back while it is open: opened again, it starts small.
    await database.close();
    database = await open();
  }
  const [{ buildApp }, { seedDemoWorkspace }] = await application;
  const { app, worker } = await buildApp({ config, database });

  const demo = await seedDemoWorkspace(database.db, { email: config.DEMO_ADMIN_EMAIL, password: config.DEMO_ADMIN_PASSWORD });
  if (demo) {
    app.log.info({ email: demo.email, workspace: demo.workspaceName }, 'demo workspace created');
    process.stdout.write(
      `\n  Demo workspace created. Sign in at ${config.PUBLIC_URL}/login with\n` +
        `    e-mail:   ${demo.email}\n    password: ${demo.password}\n  (shown once; keep it)\n\n`,
    );
  }

  await worker.start();
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ database: database.driver, url: config.PUBLIC_URL }, 'Vigil is ready');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Vigil failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
