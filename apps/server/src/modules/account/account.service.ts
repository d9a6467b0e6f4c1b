import type { ChangePasswordBody } from '@vigil/contracts';
import { ChangeBasicInfoBodySchema, ChangePreferenceBodySchema } from '@vigil/contracts';
import type { z } from 'zod';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import type { AuthContext } from '../../platform/auth/sessions.ts';
import type { Db } from '../../platform/db.ts';
import { message, validationFailed } from '../../platform/errors.ts';
import { isInlineImage, type FileStore } from '../../platform/files/index.ts';
import { inWorkspace } from '../../platform/tenancy.ts';
import { endSessionsOf, findUserById, setPassword, updateUserProfile } from '../users/index.ts';

/** Changes the caller's password: the current one is required; other sessions end, this one stays. */
export async function changeOwnPassword(db: Db, auth: AuthContext, body: ChangePasswordBody, call: { ip: string }) {
  await inWorkspace(db, auth, async (ctx) => {
    const user = await findUserById(ctx.tx, auth.user.id);
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, body.current_password))) {
      throw validationFailed({ current_password: [message('account.current_password_wrong')] });
    }
    await setPassword(ctx.tx, { userId: user.id, password: body.new_password, field: 'new_password' });
    await endSessionsOf(ctx.tx, user.id, auth.sessionId);
    await recordActivity(ctx, { type: 'user.password_changed', objectType: 'user', objectId: user.id, ip: call.ip });
  });
}

/**
 * Names, general info and profile picture. Fields left out keep their value. A picture must be an
 * image the caller uploaded in this workspace: it is then shown wherever the person appears, to
 * people of every workspace they share (docs/files.md), so nobody can point it at someone else's file.
 */
export async function changeOwnBasicInfo(
  db: Db,
  auth: AuthContext,
  body: z.output<typeof ChangeBasicInfoBodySchema>,
  call: { ip: string; files: FileStore },
) {
  await inWorkspace(db, auth, async (ctx) => {
    const before = auth.user;
    if (body.avatar) {
      const file = await call.files.findByUrl(ctx, body.avatar);
      if (!file || file.uploadedBy !== before.id || !isInlineImage(file.mime)) {
        throw validationFailed({ avatar: [message('file.not_image')] });
      }
    }
    const changes = {
      firstName: body.first_name,
      lastName: body.last_name,
      nickName: body.nick_name,
      ...(body.gender === undefined ? {} : { gender: body.gender }),
      ...(body.birth_date === undefined ? {} : { birthDate: body.birth_date }),
      ...(body.mobile === undefined ? {} : { mobile: body.mobile }),
      ...(body.avatar === undefined ? {} : { avatar: body.avatar }),
    };
    await updateUserProfile(ctx.tx, before.id, changes);
    await recordActivity(ctx, {
      type: 'user.profile_updated',
      objectType: 'user',
      objectId: before.id,
      before: {
        first_name: before.firstName,
        last_name: before.lastName,
        nick_name: before.nickName,
        gender: before.gender,
        birth_date: before.birthDate,
        mobile: before.mobile,
        avatar: before.avatar,
      },
      after: body,
      ip: call.ip,
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
      before: { locale: before.locale, tz_code: before.tzCode, humanize_dates: before.preferences.humanize_dates },
      after: { locale: body.locale, tz_code: body.tz_code, humanize_dates: body.humanize_dates },
      ip,
    });
  });
}
