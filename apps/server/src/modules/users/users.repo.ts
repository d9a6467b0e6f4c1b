import { users } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export async function insertUser(
  executor: Executor,
  values: { email: string; firstName: string; lastName: string; passwordHash: string | null; locale?: 'en' | 'fr' | 'de' | 'ar' },
) {
  const [row] = await executor
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  return row!;
}
