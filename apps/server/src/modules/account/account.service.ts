import type { ChangePasswordBody } from '@vigil/contracts';
import { ChangeBasicInfoBodySchema, ChangePreferenceBodySchema } from '@vigil/contracts';
import type { z } from 'zod';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import type { AuthContext } from '../../platform/auth/sessions.ts';
import type { Db } from '../../platform/db.ts';
import { validationFailed } from '../../platform/errors.ts';
import type { Translate } from '../../platform/i18n/index.ts';
import { inWorkspace } from '../../platform/tenancy.ts';
import { endSessionsOf, findUserById, setPassword, updateUserProfile } from '../users/index.ts';

/** Changes the caller's password: the current one is required; other sessions end, this one stays. */
export async function changeOwnPassword(db: Db, auth: AuthContext, body: ChangePasswordBody, call: { ip: string; t: Translate }) {
  await inWorkspace(db, auth, async (ctx) => {
    const user = await findUserById(ctx.tx, auth.user.id);
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, body.current_password))) {
      throw validationFailed({ current_password: [call.t('account.current_password_wrong')] });
    }
    await setPassword(ctx.tx, { userId: user.id, password: body.new_password, field: 'new_password', t: call.t });
    await endSessionsOf(ctx.tx, user.id, auth.sessionId);
    await recordActivity(ctx, { type: 'user.password_changed', objectType: 'user', objectId: user.id, ip: call.ip });
  });
}

export async function changeOwnBasicInfo(db: Db, auth: AuthContext, body: z.output<typeof ChangeBasicInfoBodySchema>, ip: string) {
  await inWorkspace(db, auth, async (ctx) => {
    const before = auth.user;
    await updateUserProfile(ctx.tx, before.id, { firstName: body.first_name, lastName: body.last_name, nickName: body.nick_name });
    await recordActivity(ctx, {
      type: 'user.profile_updated',
      objectType: 'user',
      objectId: before.id,
      before: { first_name: before.firstName, last_name: before.lastName, nick_name: before.nickName },
      after: body,
      ip,
    });
  });
}

export async function changeOwnPreferences(db: Db, auth: AuthContext, body: z.output<typeof ChangePreferenceBodySchema>, ip: string) {
  await inWorkspace(db, auth, async (ctx) => {
    const before = auth.user;
    const preferences = { ...before.preferences, humanize_dates: body.humanize_dates };
    await updateUserProfile(ctx.tx, before.id, { locale: body.locale, tzCode: body.tz_code, preferences });
    await recordActivity(ctx, {
      type: 'user.profile_updated',
      objectType: 'user',
      objectId: before.id,
      before: { locale: before.locale, tz_code: before.tzCode, preferences: before.preferences },
      after: { locale: body.locale, tz_code: body.tz_code, preferences },
      ip,
    });
  });
}


