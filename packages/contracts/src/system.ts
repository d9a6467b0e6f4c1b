import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

export const HealthSchema = z.object({ status: z.literal('ok') });
export const ReadySchema = z.object({ status: z.literal('ready'), database: z.literal('ok'), migrations: z.literal('applied') });

export const systemEndpoints = defineEndpoints({
  'GET /api/health': { summary: 'The process is alive', response: HealthSchema },
  'GET /api/ready': { summary: 'The database answers and every migration is applied', response: ReadySchema },
});
