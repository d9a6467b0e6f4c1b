import type { Language } from '@vigil/contracts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Executor } from '../../platform/db.ts';
import { insertUser } from './users.repo.ts';

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  /** Absent for invited people who set theirs when they accept. */
  password?: string;
  locale?: Language;
}

export async function createUser(executor: Executor, input: NewUser) {
  return insertUser(executor, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    locale: input.locale,
    passwordHash: input.password ? await hashPassword(input.password) : null,
  });
}
