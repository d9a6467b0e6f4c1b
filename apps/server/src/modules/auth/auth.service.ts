import type { LoginBody, LoginTwoFactorBody, ResendTwoFactorBody, TwoFactorChallenge } from '@vigil/contracts';
import { recordFailedSignIn, recordSessionEvent, type SignInOrigin } from '../../platform/activity-log/index.ts';
import type { AuthContext, SessionStore, UserRow } from '../../platform/auth/sessions.ts';
import { verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords.ts';
import type { LoginThrottle, SignInAttempt } from '../../platform/auth/throttle.ts';
import type { TwoFactorKeys } from '../../platform/auth/two-factor-codes.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { resendChallenge, secondFactorOf, startChallenge, verifyChallenge } from '../two-factor/index.ts';
import { passwordSignInWorkspace } from '../sso/index.ts';
import { rememberLastWorkspace } from '../../platform/auth/last-workspace.ts';
import { findSignInWorkspaceId, findUserByEmail } from './auth.repo.ts';

export interface AuthServiceDeps {
  db: Db;
  sessions: SessionStore;
  throttle: LoginThrottle;
  twoFactorKeys: TwoFactorKeys;
}

interface CallerInfo {
  ip: string;
  userAgent: string | undefined;
  /** The device id when this browser signed in to the account before (known-devices.ts), else null. */
  knownDevice: string | null;
}

const attemptOf = (input: { email: string } & CallerInfo): SignInAttempt => ({
  email: input.email,
  ip: input.ip,
  knownDevice: input.knownDevice,
});

export type SignInOutcome = { session: { token: string; expiresAt: Date } } | { challenge: TwoFactorChallenge };

const invalidCredentials = () => new AppError(401, 'USR_INVALID_CREDENTIALS', 'auth.invalid_credentials');

/**
 * Checks a password sign-in and opens a session, or, when a second factor is due, a two-factor
 * attempt instead; every refusal looks the same from outside.
 */
export async function signIn(deps: AuthServiceDeps, input: LoginBody & CallerInfo): Promise<SignInOutcome> {
  await deps.throttle.assertAllowed(attemptOf(input));
  const user = await findUserByEmail(deps.db, input.email);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  const workspaceId = user && passwordOk ? await findSignInWorkspaceId(deps.db, user.id, user.lastWorkspaceId) : undefined;
  if (!user || !workspaceId) {
    await deps.throttle.recordFailure(attemptOf(input));
    if (user && !passwordOk) await recordFailure(deps, user.id, input);
    throw invalidCredentials();
  }
  // Someone who must use single sign-on is sent there before any code is mailed.
  await passwordSignInWorkspace(deps.db, user.id, workspaceId);
  const secondFactor = await secondFactorOf(deps.db, user.id);
  // The throttle's count is cleared only by a complete sign-in, so that wrong codes add up across attempts.
  if (secondFactor) return { challenge: await startChallenge(twoFactorDeps(deps), user, secondFactor) };
  return { session: await openSession(deps, user, workspaceId, input) };
}

/** A wrong password or code for a known account goes to that account's workspaces' logs (the answer stays the same). */
const recordFailure = (deps: AuthServiceDeps, userId: string, origin: SignInOrigin) =>
  deps.db.transaction((tx) => recordFailedSignIn(tx, userId, origin));

const twoFactorDeps = (deps: AuthServiceDeps) => ({ db: deps.db, keys: deps.twoFactorKeys, throttle: deps.throttle });

async function openSession(deps: AuthServiceDeps, user: UserRow, chosenWorkspaceId: string, caller: CallerInfo) {
  const workspaceId = await passwordSignInWorkspace(deps.db, user.id, chosenWorkspaceId);
  await deps.throttle.recordSuccess(attemptOf({ ...caller, email: user.email }));
  return deps.db.transaction(async (tx) => {
    await rememberLastWorkspace(tx, user.id, workspaceId);
    await recordSessionEvent(tx, 'user.signed_in', { userId: user.id, workspaceId }, caller);
    return deps.sessions.create(tx, { userId: user.id, workspaceId, ip: caller.ip, userAgent: caller.userAgent });
  });
}

/** Completes a sign-in with the code of its two-factor attempt: a new session, as a password sign-in opens. */
export async function signInWithSecondFactor(deps: AuthServiceDeps, input: LoginTwoFactorBody & CallerInfo) {
  const user = await verifyChallenge(twoFactorDeps(deps), input).catch(async (error: unknown) => {
    if (error instanceof AppError && error.code === 'USR_2FA_CODE_INVALID') {
      const account = await findUserByEmail(deps.db, input.email);
      if (account) await recordFailure(deps, account.id, input);
    }
    throw error;
  });
  const workspaceId = await findSignInWorkspaceId(deps.db, user.id, user.lastWorkspaceId);
  if (!workspaceId) throw invalidCredentials();
  return openSession(deps, user, workspaceId, input);
}

/** Ends the caller's session and records it in the workspace it was open in. */
export async function signOut(deps: AuthServiceDeps, auth: AuthContext, token: string, origin: SignInOrigin): Promise<void> {
  await deps.sessions.destroy(token);
  await deps.db.transaction((tx) =>
    recordSessionEvent(tx, 'user.signed_out', { userId: auth.user.id, workspaceId: auth.workspace.id }, origin),
  );
}

export function resendSecondFactor(deps: AuthServiceDeps, input: ResendTwoFactorBody & { ip: string; knownDevice: string | null }) {
  return resendChallenge(twoFactorDeps(deps), input);
}
