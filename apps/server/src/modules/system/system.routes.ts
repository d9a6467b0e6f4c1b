import { envelope, HealthSchema, ReadySchema } from '@vigil/contracts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';

export function registerSystemRoutes(app: App, database: Database): void {
  app.get(
    '/api/health',
    { config: { guard: guards.public }, schema: { tags: ['system'], summary: 'The process is alive', response: { 200: envelope(HealthSchema) } } },
    async () => ({ data: { status: 'ok' as const } }),
  );

  app.get(
    '/api/ready',
    {
      config: { guard: guards.public },
      schema: { tags: ['system'], summary: 'The database answers and every migration is applied', response: { 200: envelope(ReadySchema) } },
    },
    async () => {
      if (!(await database.isReady())) throw new AppError(503, '_SERVICE_UNAVAILABLE', 'error.not_ready');
      return { data: { status: 'ready' as const, database: 'ok' as const, migrations: 'applied' as const } };
    },
  );
}
