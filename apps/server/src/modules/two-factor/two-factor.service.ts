import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_CODE_MINUTES,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_MAX_SENDS,
  TWO_FACTOR_RESEND_SECONDS,
  type DisableTwoFactorBody,
  type LoginTwoFactorBody,
  type ResendTwoFactorBody,
  type ResendTwoFactorResult,
  type SecuritySettings,
  type TotpEnrolment,
  type TwoFactorChallenge,
  type TwoFactorMethod,
  type TwoFactorStatus,
} from '@vigil/contracts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import type { AuthContext, UserRow } from '../../platform/auth/sessions.ts';
import type { LoginThrottle, SignInAttempt } from '../../platform/auth/throttle.ts';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import {
  codeMatches,
  decryptSecret,
  encryptSecret,
  generateNumericCode,
  generateRecoveryCode,
  generateTotpSecret,
  hashCode,
  maskEmail,
  matchTotpStep,
  totpKeyUri,
  type TwoFactorKeys,
} from '../../platform/auth/two-factor-codes.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, message, validationFailed } from '../../platform/errors.ts';
import { composeMail } from '../../platform/mail/compose.ts';
import { queueMail } from '../../platform/mail/outbox.ts';
import { inWorkspace, type TenantContext } from '../../platform/tenancy.ts';
import { findUserByEmail, findUserById } from '../users/index.ts';
import {
  bookTry,
  claimTotpStep,
  completeAttempt,
  countUnusedRecoveryCodes,
  endAttempt,
  findAttempt,
  findTwoFactor,
  isRequiredByAWorkspace,
  openAttempt,
  readTwoFactorRequired,
  renewAttemptCode,
  replaceRecoveryCodes,
  saveTwoFactor,
  spendRecoveryCode,
  writeTwoFactorRequired,
  type AttemptRow,
} from './two-factor.repo.ts';

export interface TwoFactorDeps {
  db: Db;
  keys: TwoFactorKeys;
}

/** The name authenticator apps show next to the account. */
const TOTP_ISSUER = 'Vigil';
/** How long a started authenticator set-up waits for its confirming code. */
const TOTP_SETUP_MINUTES = 15;

const attemptInvalid = () => new AppError(401, 'USR_2FA_ATTEMPT_INVALID', 'two_factor.attempt_invalid', {}, { attempts_left: 0 });
const codeInvalid = (attemptsLeft: number) =>
  new AppError(
    401,
    'USR_2FA_CODE_INVALID',
    attemptsLeft > 0 ? 'two_factor.code_invalid' : 'two_factor.too_many_failures',
    { attempts: attemptsLeft },
    { attempts_left: attemptsLeft },
  );

const recoveryScope = (userId: string) => `recovery:${userId}`;
const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

// --- Sign-in ---------------------------------------------------------------------------------

/** The second factor a sign-in owes: the person's own method, else e-mail when a workspace requires one. */
export async function secondFactorOf(executor: Executor, userId: string): Promise<TwoFactorMethod | null> {
  const own = (await findTwoFactor(executor, userId))?.method ?? null;
  if (own) return own;
  return (await isRequiredByAWorkspace(executor, userId)) ? 'email' : null;
}

/** Opens a sign-in attempt after a correct password and, for the e-mail method, mails its code. */
export async function startChallenge(deps: TwoFactorDeps, user: UserRow, method: TwoFactorMethod): Promise<TwoFactorChallenge> {
  const now = new Date();
  const token = randomToken();
  const id = sha256(token);
  const expiresAt = minutesFrom(now, TWO_FACTOR_CODE_MINUTES);
  await deps.db.transaction(async (tx) => {
    if (method === 'totp') {
      await openAttempt(tx, { id, userId: user.id, method, codeHash: null, sends: 0, lastSentAt: null, expiresAt }, now);
      return;
    }
    const code = generateNumericCode();
    await openAttempt(
      tx,
      { id, userId: user.id, method, codeHash: hashCode(deps.keys, id, code), sends: 1, lastSentAt: now, expiresAt },
      now,
    );
    await mailCode(tx, user, code);
  });
  return {
    next_step: 'USR_2FA',
    method,
    to: method === 'email' ? maskEmail(user.email) : null,
    expiredAfter: expiresAt.toISOString(),
    id: token,
    resend_after: method === 'email' ? TWO_FACTOR_RESEND_SECONDS : 0,
  };
}

async function mailCode(executor: Executor, user: UserRow, code: string): Promise<void> {
  await queueMail(
    executor,
    composeMail({
      to: user.email,
      language: user.locale,
      subject: 'mail.two_factor.subject',
      text: 'mail.two_factor.text',
      params: { name: user.firstName, code },
      validFor: { minutes: TWO_FACTOR_CODE_MINUTES },
    }),
  );
}

/** The attempt behind a token, only when it belongs to the person named by the e-mail address. */
async function attemptOf(db: Db, body: { email: string; id: string }): Promise<{ attempt: AttemptRow; user: UserRow }> {
  const [attempt, user] = await Promise.all([findAttempt(db, sha256(body.id)), findUserByEmail(db, body.email)]);
  if (!attempt || !user || attempt.userId !== user.id) throw attemptInvalid();
  return { attempt, user };
}

/**
 * Checks the code of a sign-in attempt and ends the attempt when it is right. Each wrong code
 * spends one of the attempt's tries (the last one ends it) and counts as a failed sign-in for
 * the throttle, whose pauses then grow as for passwords.
 */
export async function verifyChallenge(
  deps: TwoFactorDeps & { throttle: LoginThrottle },
  body: LoginTwoFactorBody & Omit<SignInAttempt, 'email'>,
): Promise<UserRow> {
  await deps.throttle.assertAllowed(body);
  const { attempt, user } = await attemptOf(deps.db, body);
  const now = new Date();
  const triesUsed = await bookTry(deps.db, attempt.id, now, TWO_FACTOR_MAX_FAILURES);
  if (triesUsed === null) throw attemptInvalid();
  if (await codeIsRight(deps, attempt, body.code, now)) {
    if (!(await completeAttempt(deps.db, attempt.id, now))) throw attemptInvalid();
    return user;
  }
  await deps.throttle.recordFailure(body);
  const left = TWO_FACTOR_MAX_FAILURES - triesUsed;
  if (left === 0) await endAttempt(deps.db, attempt.id, now);
  throw codeInvalid(left);
}

async function codeIsRight(deps: TwoFactorDeps, attempt: AttemptRow, code: string, now: Date): Promise<boolean> {
  if (attempt.method === 'email') return attempt.codeHash !== null && codeMatches(deps.keys, attempt.id, code, attempt.codeHash);
  return authenticatorCodeIsRight(deps, attempt.userId, code, now);
}

/** An authenticator code not used before, or an unspent recovery code. */
async function authenticatorCodeIsRight(deps: TwoFactorDeps, userId: string, code: string, now: Date): Promise<boolean> {
  if (RECOVERY_CODE_PATTERN.test(code)) {
    return spendRecoveryCode(deps.db, userId, hashCode(deps.keys, recoveryScope(userId), code), now);
  }
  const sealed = (await findTwoFactor(deps.db, userId))?.totpSecret;
  if (!sealed) return false;
  const step = matchTotpStep(decryptSecret(deps.keys, sealed), code);
  return step !== null && claimTotpStep(deps.db, userId, step);
}

/** Mails a new code for an open e-mail attempt, at most once per pause and a few times in all. */
export async function resendChallenge(
  deps: TwoFactorDeps & { throttle: LoginThrottle },
  body: ResendTwoFactorBody & Omit<SignInAttempt, 'email'>,
): Promise<ResendTwoFactorResult> {
  await deps.throttle.assertAllowed(body);
  const { attempt, user } = await attemptOf(deps.db, body);
  if (attempt.method !== 'email') throw new AppError(409, '_CONFLICT', 'two_factor.resend_not_by_email');
  const now = new Date();
  const code = generateNumericCode();
  const renewed = await deps.db.transaction(async (tx) => {
    const row = await renewAttemptCode(tx, {
      id: attempt.id,
      codeHash: hashCode(deps.keys, attempt.id, code),
      now,
      expiresAt: minutesFrom(now, TWO_FACTOR_CODE_MINUTES),
      sentBefore: new Date(now.getTime() - TWO_FACTOR_RESEND_SECONDS * 1000),
      maxSends: TWO_FACTOR_MAX_SENDS,
      maxFailures: TWO_FACTOR_MAX_FAILURES,
    });
    if (row) await mailCode(tx, user, code);
    return row;
  });
  if (renewed) return { expiredAfter: renewed.expiresAt.toISOString(), resend_after: TWO_FACTOR_RESEND_SECONDS };
  throw whyNoResend(attempt, now);
}

function whyNoResend(attempt: AttemptRow, now: Date): AppError {
  if (attempt.endedAt || attempt.expiresAt <= now || attempt.failures >= TWO_FACTOR_MAX_FAILURES) return attemptInvalid();
  if (attempt.sends >= TWO_FACTOR_MAX_SENDS)
    return new AppError(429, '_RATE_LIMITED', 'two_factor.resend_exhausted', {}, { retry_after: null });
  const seconds = Math.max(1, Math.ceil(((attempt.lastSentAt?.getTime() ?? 0) + TWO_FACTOR_RESEND_SECONDS * 1000 - now.getTime()) / 1000));
  return new AppError(429, '_RATE_LIMITED', 'two_factor.resend_wait', { count: seconds }, { retry_after: seconds });
}

// --- Enrolment from account settings -----------------------------------------------------------

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const [own, required, recoveryLeft] = await Promise.all([
    findTwoFactor(db, userId),
    isRequiredByAWorkspace(db, userId),
    countUnusedRecoveryCodes(db, userId),
  ]);
  const method = own?.method ?? null;
  return { method, required_by_workspace: required, recovery_codes_left: method === 'totp' ? recoveryLeft : 0 };
}

interface Caller {
  auth: AuthContext;
  ip: string;
}

async function assertPassword(executor: Executor, caller: Caller, password: string | undefined): Promise<void> {
  const user = await findUserById(executor, caller.auth.user.id);
  if (!password || !user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw validationFailed({ password: [message('account.current_password_wrong')] });
  }
}

/** Codes by e-mail as the person's method; an authenticator set up before is forgotten. */
export async function enableEmailMethod(deps: TwoFactorDeps, caller: Caller, password: string): Promise<void> {
  await inWorkspace(deps.db, caller.auth, async (ctx) => {
    await assertPassword(ctx.tx, caller, password);
    const before = (await findTwoFactor(ctx.tx, caller.auth.user.id))?.method ?? null;
    await saveTwoFactor(ctx.tx, caller.auth.user.id, {
      method: 'email',
      totpSecret: null,
      pendingTotpSecret: null,
      pendingTotpStartedAt: null,
      totpLastStep: null,
    });
    await replaceRecoveryCodes(ctx.tx, caller.auth.user.id, []);
    await recordActivity(ctx, {
      type: 'user.two_factor_enabled',
      objectType: 'user',
      objectId: caller.auth.user.id,
      before: { method: before },
      after: { method: 'email' },
      ip: caller.ip,
    });
  });
}

/** Starts an authenticator set-up: a new secret, kept aside until a code from the app confirms it. */
export async function startTotpSetup(deps: TwoFactorDeps, caller: Caller, password: string): Promise<TotpEnrolment> {
  const secret = generateTotpSecret();
  await deps.db.transaction(async (tx) => {
    await assertPassword(tx, caller, password);
    await saveTwoFactor(tx, caller.auth.user.id, { pendingTotpSecret: encryptSecret(deps.keys, secret), pendingTotpStartedAt: new Date() });
  });
  const uri = totpKeyUri(caller.auth.user.email, TOTP_ISSUER, secret);
  const { default: QRCode } = await import('qrcode');
  return { secret, otpauth_url: uri, qr_code: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** Confirms the set-up with a code from the app: the authenticator becomes the method; recovery codes are shown once. */
export async function confirmTotpSetup(deps: TwoFactorDeps, caller: Caller, code: string): Promise<string[]> {
  const userId = caller.auth.user.id;
  return inWorkspace(deps.db, caller.auth, async (ctx) => {
    const row = await findTwoFactor(ctx.tx, userId);
    const startedAt = row?.pendingTotpStartedAt;
    if (!row?.pendingTotpSecret || !startedAt || minutesFrom(startedAt, TOTP_SETUP_MINUTES) <= new Date()) {
      throw validationFailed({ code: [message('two_factor.setup_expired')] });
    }
    const secret = decryptSecret(deps.keys, row.pendingTotpSecret);
    const step = matchTotpStep(secret, code);
    if (step === null) throw validationFailed({ code: [message('two_factor.code_wrong')] });
    await saveTwoFactor(ctx.tx, userId, {
      method: 'totp',
      totpSecret: row.pendingTotpSecret,
      pendingTotpSecret: null,
      pendingTotpStartedAt: null,
      totpLastStep: step,
    });
    const codes = await issueRecoveryCodes(deps, ctx.tx, userId);
    await recordActivity(ctx, {
      type: 'user.two_factor_enabled',
      objectType: 'user',
      objectId: userId,
      before: { method: row.method },
      after: { method: 'totp' },
      ip: caller.ip,
    });
    return codes;
  });
}

async function issueRecoveryCodes(deps: TwoFactorDeps, executor: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await replaceRecoveryCodes(
    executor,
    userId,
    codes.map((code) => hashCode(deps.keys, recoveryScope(userId), code)),
  );
  return codes;
}

/** New recovery codes for an authenticator user; the old ones stop working. */
export async function renewRecoveryCodes(deps: TwoFactorDeps, caller: Caller, password: string): Promise<string[]> {
  const userId = caller.auth.user.id;
  return inWorkspace(deps.db, caller.auth, async (ctx) => {
    await assertPassword(ctx.tx, caller, password);
    if ((await findTwoFactor(ctx.tx, userId))?.method !== 'totp') throw new AppError(409, '_CONFLICT', 'two_factor.no_authenticator');
    const codes = await issueRecoveryCodes(deps, ctx.tx, userId);
    await recordActivity(ctx, { type: 'user.recovery_codes_renewed', objectType: 'user', objectId: userId, ip: caller.ip });
    return codes;
  });
}

/**
 * Turns the person's own second factor off, proven by the password or, with an authenticator,
 * a current or recovery code. A workspace that requires a second factor still gets e-mailed codes.
 */
export async function disableTwoFactor(deps: TwoFactorDeps, caller: Caller, body: DisableTwoFactorBody): Promise<void> {
  const userId = caller.auth.user.id;
  const row = await findTwoFactor(deps.db, userId);
  if (body.password) await assertPassword(deps.db, caller, body.password);
  else if (row?.method !== 'totp' || !(await authenticatorCodeIsRight(deps, userId, body.code ?? '', new Date()))) {
    throw validationFailed({ code: [message('two_factor.code_wrong')] });
  }
  await inWorkspace(deps.db, caller.auth, async (ctx) => {
    await saveTwoFactor(ctx.tx, userId, {
      method: null,
      totpSecret: null,
      pendingTotpSecret: null,
      pendingTotpStartedAt: null,
      totpLastStep: null,
    });
    await replaceRecoveryCodes(ctx.tx, userId, []);
    await recordActivity(ctx, {
      type: 'user.two_factor_disabled',
      objectType: 'user',
      objectId: userId,
      before: { method: row?.method ?? null },
      after: { method: null },
      ip: caller.ip,
    });
  });
}

// --- The workspace's security settings ---------------------------------------------------------

export async function securitySettings(ctx: TenantContext): Promise<SecuritySettings> {
  return { two_factor_required: await readTwoFactorRequired(ctx) };
}

export async function updateSecuritySettings(ctx: TenantContext, body: SecuritySettings, ip: string): Promise<SecuritySettings> {
  const before = await securitySettings(ctx);
  await writeTwoFactorRequired(ctx, body.two_factor_required);
  await recordActivity(ctx, {
    type: 'workspace.security_updated',
    objectType: 'workspace',
    objectId: ctx.workspaceId,
    before,
    after: body,
    ip,
  });
  return body;
}
