import { z } from 'zod';

export const HealthSchema = z.object({ status: z.literal('ok') });
export const ReadySchema = z.object({ status: z.literal('ready'), database: z.literal('ok'), migrations: z.literal('applied') });
