import { PASSWORD_HISTORY_DEPTH, type Language } from '@vigil/contracts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { Executor } from '../../platform/db.ts';
import { message, validationFailed } from '../../platform/errors.ts';
import {
  activeWorkspaceIdsOf,
  deleteSessionsOf,
  findUserByEmail,
  findUserById,
  insertUser,
  recentPasswordHashes,
  storePasswordHash,
} from './users.repo.ts';

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  /** Absent for invited people who set theirs when they accept. */
  password?: string;
  locale?: Language;
}

export async function createUser(executor: Executor, input: NewUser) {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const user = await insertUser(executor, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    locale: input.locale,
    passwordHash,
  });
  if (passwordHash) await storePasswordHash(executor, user.id, passwordHash);
  return user;
}

/**
 * Sets a person's password after checking it differs from the current one and the previous
 * ones (PASSWORD_HISTORY_DEPTH in all); a reuse is a validation error on `field`.
 */
export async function setPassword(executor: Executor, input: { userId: string; password: string; field: string }): Promise<void> {
  const user = await findUserById(executor, input.userId);
  const hashes = await recentPasswordHashes(executor, input.userId, PASSWORD_HISTORY_DEPTH);
  const candidates = new Set([...(user?.passwordHash ? [user.passwordHash] : []), ...hashes]);
  for (const hash of candidates) {
    if (await verifyPassword(hash, input.password)) {
      throw validationFailed({ [input.field]: [message('validation.password_reused', { count: PASSWORD_HISTORY_DEPTH })] });
    }
  }
  await storePasswordHash(executor, input.userId, await hashPassword(input.password));
}

export { activeWorkspaceIdsOf, deleteSessionsOf as endSessionsOf, findUserByEmail, findUserById };
