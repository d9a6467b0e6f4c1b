import type { AuthState } from '@vigil/contracts';
import type { AuthContext } from './sessions.ts';

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
