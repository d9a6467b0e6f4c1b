import { systemEndpoints } from '@vigil/contracts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { guards } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountEndpoints } from '../../platform/kit.ts';

export function registerSystemRoutes(app: App, database: Database): void {
  mountEndpoints({ app, tags: ['system'] }, systemEndpoints, {
    'GET /api/health': { guard: guards.public, handle: async () => ({ status: 'ok' as const }) },
    'GET /api/ready': {
      guard: guards.public,
      handle: async () => {
        if (!(await database.isReady())) throw new AppError(503, '_SERVICE_UNAVAILABLE', 'error.not_ready');
        return { status: 'ready', database: 'ok', migrations: 'applied' } as const;
      },
    },
  });
}
