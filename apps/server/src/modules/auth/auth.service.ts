import type { AuthState, LoginBody } from '@vigil/contracts';
import type { AuthContext, SessionStore } from '../../platform/auth/sessions.ts';
import { verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords.ts';
import type { LoginThrottle } from '../../platform/auth/throttle.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { rememberLastWorkspace } from '../users/index.ts';
import { findSignInWorkspaceId, findUserByEmail } from './auth.repo.ts';

export interface AuthServiceDeps {
  db: Db;
  sessions: SessionStore;
  throttle: LoginThrottle;
}

const invalidCredentials = () => new AppError(401, 'USR_INVALID_CREDENTIALS', 'auth.invalid_credentials');

/** Checks a password sign-in and opens a session; every refusal looks the same from outside. */
export async function signIn(deps: AuthServiceDeps, input: LoginBody & { ip: string; userAgent: string | undefined }) {
  await deps.throttle.assertAllowed(input.email, input.ip);
  const user = await findUserByEmail(deps.db, input.email);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  const workspaceId = user && passwordOk ? await findSignInWorkspaceId(deps.db, user.id, user.lastWorkspaceId) : undefined;
  if (!user || !workspaceId) {
    await deps.throttle.recordFailure(input.email, input.ip);
    throw invalidCredentials();
  }
  await deps.throttle.recordSuccess(input.email);
  return deps.db.transaction(async (tx) => {
    await rememberLastWorkspace(tx, user.id, workspaceId);
    return deps.sessions.create(tx, { userId: user.id, workspaceId, ip: input.ip, userAgent: input.userAgent });
  });
}

/** The session user as the web app sees it (spec 1 §3 userData), with workspace, settings and plan features. */
export function describeAuth(auth: AuthContext): AuthState {
  const { user, workspace } = auth;
  return {
    userData: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      nick_name: user.nickName,
      full_name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      avatar: user.avatar,
      gender: user.gender,
      birth_date: user.birthDate,
      locale: user.locale,
      tz_code: user.tzCode,
      abilities: [...auth.permissions].sort(),
      preferences: user.preferences,
    },
    workspace: {
      id: workspace.id,
      name: workspace.name,
      branch: workspace.branch,
      plan: workspace.plan,
      trial_plan: workspace.trialPlan,
      trial_ends_at: workspace.trialEndsAt?.toISOString() ?? null,
    },
    app_settings: workspace.appSettings,
    features: auth.features,
  };
}
