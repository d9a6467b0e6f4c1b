import {
  MAIL_LINK_COOLDOWN_SECONDS,
  RESET_LINK_MINUTES,
  SIGN_UP_LINK_HOURS,
  type Language,
  type RegisterBody,
  type ResetPasswordBody,
  type ResetPasswordResult,
} from '@vigil/contracts';
import { ALL_PERMISSIONS } from '@vigil/contracts';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { translator } from '../../platform/i18n/index.ts';
import { composeMail } from '../../platform/mail/compose.ts';
import { queueMail } from '../../platform/mail/outbox.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { activeWorkspaceIdsOf, createUser, endSessionsOf, findUserByEmail, setPassword } from '../users/index.ts';
import { acceptMembership, createWorkspace } from '../workspaces/index.ts';
import { claimAccountToken, hasRecentToken, insertAccountToken, spendOpenTokens } from '../../platform/auth/account-tokens.ts';

export interface RegistrationDeps {
  db: Db;
  /** The web app's address, for links in mails. */
  publicUrl: string;
}

const linkInvalid = () => new AppError(400, 'USR_LINK_INVALID', 'account.link_invalid');

function setPasswordLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/reset-password/${encodeURIComponent(email)}?${new URLSearchParams({ token }).toString()}`;
}

/** The branch a self-registered workspace gets: German and French speakers DE, everyone else US. */
function branchFor(language: Language): 'DE' | 'US' {
  return language === 'de' || language === 'fr' ? 'DE' : 'US';
}

/**
 * Starts a registration: mails a link to set a password, in the person's language. The answer
 * never tells whether the address already has an account; such a person is told by mail instead.
 */
export async function requestRegistration(deps: RegistrationDeps, input: RegisterBody & { language: Language }): Promise<void> {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    if (await hasRecentToken(tx, input.email, 'register', new Date(now.getTime() - MAIL_LINK_COOLDOWN_SECONDS * 1000))) return;
    const existing = await findUserByEmail(tx, input.email);
    const token = randomToken();
    // A token row is kept for existing accounts too: it dates the mail for the cool-down, and cannot set anything.
    await insertAccountToken(tx, {
      id: sha256(token),
      purpose: 'register',
      email: input.email,
      userId: existing?.id ?? null,
      payload: { first_name: input.first_name, last_name: input.last_name, locale: input.language },
      expiresAt: existing ? now : new Date(now.getTime() + SIGN_UP_LINK_HOURS * 3_600_000),
    });
    if (existing) {
      const params = { name: existing.firstName, link: `${deps.publicUrl}/login` };
      await queueMail(
        tx,
        composeMail({
          to: input.email,
          language: existing.locale,
          subject: 'mail.register_exists.subject',
          text: 'mail.register_exists.text',
          params,
        }),
      );
      return;
    }
    const params = { name: input.first_name, link: setPasswordLink(deps.publicUrl, input.email, token) };
    await queueMail(
      tx,
      composeMail({
        to: input.email,
        language: input.language,
        subject: 'mail.register.subject',
        text: 'mail.register.text',
        params,
        validFor: { hours: SIGN_UP_LINK_HOURS },
      }),
    );
  });
}

/** Mails a single-use reset link to a known address; unknown ones get the same answer and no mail. */
export async function requestPasswordReset(deps: RegistrationDeps, input: { email: string }): Promise<void> {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) return;
    if (await hasRecentToken(tx, input.email, 'reset', new Date(now.getTime() - MAIL_LINK_COOLDOWN_SECONDS * 1000))) return;
    await spendOpenTokens(tx, input.email, 'reset', now);
    const token = randomToken();
    await insertAccountToken(tx, {
      id: sha256(token),
      purpose: 'reset',
      email: input.email,
      userId: user.id,
      payload: {},
      expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    });
    const params = { name: user.firstName, link: setPasswordLink(deps.publicUrl, input.email, token) };
    await queueMail(
      tx,
      composeMail({
        to: input.email,
        language: user.locale,
        subject: 'mail.reset.subject',
        text: 'mail.reset.text',
        params,
        validFor: { minutes: RESET_LINK_MINUTES },
      }),
    );
  });
}

export interface CompleteLinkInput extends ResetPasswordBody {
  ip: string;
}

/**
 * Spends a mailed link and sets the password it was sent for. A registration link also creates
 * the person and their workspace (they become its administrator). Nobody is signed in by it:
 * the next step is the ordinary sign-in, with its two-factor step when one applies.
 */
export async function completeLink(deps: RegistrationDeps, input: CompleteLinkInput): Promise<ResetPasswordResult> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const token = await claimAccountToken(tx, sha256(input.token), input.email, now);
    if (!token) throw linkInvalid();
    if (token.purpose === 'register') {
      await registerAccount(tx, token.email, token.payload, input);
      return { purpose: 'register' as const };
    }
    if (token.purpose === 'reset') {
      const user = await findUserByEmail(tx, token.email);
      if (!user || user.id !== token.userId) throw linkInvalid();
      await setPassword(tx, { userId: user.id, password: input.new_password, field: 'new_password' });
      await spendOpenTokens(tx, token.email, 'reset', now);
      await endSessionsOf(tx, user.id);
      for (const workspaceId of await activeWorkspaceIdsOf(tx, user.id)) {
        await recordActivity(asSelf(tx, workspaceId, user.id), {
          type: 'user.password_reset',
          objectType: 'user',
          objectId: user.id,
          ip: input.ip,
        });
      }
      return { purpose: 'reset' as const };
    }
    if (token.purpose === 'invite') {
      await acceptInvitation(tx, token, input);
      return { purpose: 'invite' as const };
    }
    throw linkInvalid();
  });
}

async function registerAccount(tx: Executor, email: string, payload: Record<string, unknown>, input: CompleteLinkInput): Promise<void> {
  if (await findUserByEmail(tx, email)) throw linkInvalid();
  const locale = (payload.locale as Language | undefined) ?? 'en';
  const firstName = String(payload.first_name);
  const lastName = String(payload.last_name);
  const user = await createUser(tx, { email, firstName, lastName, password: input.new_password, locale });
  const name = translator(locale)('registration.workspace_name', { name: firstName });
  const workspace = await createWorkspace(tx, { name, branch: branchFor(locale), plan: 'free', ownerId: user.id });
  const ctx = asSelf(tx, workspace.id, user.id);
  await recordActivity(ctx, {
    type: 'user.registered',
    objectType: 'user',
    objectId: user.id,
    after: { email, first_name: firstName, last_name: lastName },
    ip: input.ip,
  });
  await recordActivity(ctx, {
    type: 'workspace.created',
    objectType: 'workspace',
    objectId: workspace.id,
    after: { name, branch: workspace.branch },
    ip: input.ip,
  });
}

/** An invitation link: sets the invitee's password and makes their membership active. */
async function acceptInvitation(
  tx: Executor,
  token: { email: string; userId: string | null; payload: Record<string, unknown> },
  input: CompleteLinkInput,
) {
  const user = await findUserByEmail(tx, token.email);
  const workspaceId = String(token.payload.workspace_id ?? '');
  if (!user || user.id !== token.userId || !workspaceId) throw linkInvalid();
  const ctx = asSelf(tx, workspaceId, user.id);
  if (!(await acceptMembership(ctx, user.id))) throw linkInvalid();
  await setPassword(tx, { userId: user.id, password: input.new_password, field: 'new_password' });
  await recordActivity(ctx, { type: 'user.invitation_accepted', objectType: 'user', objectId: user.id, ip: input.ip });
}

function asSelf(tx: Executor, workspaceId: string, userId: string): TenantContext {
  return { workspaceId, actor: { userId, permissions: new Set(ALL_PERMISSIONS) }, tx };
}
