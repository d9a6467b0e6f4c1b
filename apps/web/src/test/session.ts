import { featuresOfPlan, type AuthState, type Permission, type Plan } from '@vigil/contracts';

/** A session as `GET /api/user/auth` answers it, for tests. */
export function makeSession({ abilities = [], plan = 'free' }: { abilities?: Permission[]; plan?: Plan } = {}): AuthState {
  return {
    userData: {
      id: 'u-1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      nick_name: null,
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      avatar: null,
      gender: null,
      birth_date: null,
      locale: 'en',
      tz_code: null,
      abilities,
      preferences: {},
    },
    workspace: { id: 'w-1', name: 'Acme', branch: 'DE', plan, trial_plan: null, trial_ends_at: null },
    app_settings: {
      display_name: 'Acme Audits',
      logo: null,
      logo_full: null,
      langs: ['en', 'fr', 'de', 'ar'],
      saved_queries_enabled: false,
      cas_enabled: false,
      cas_url: null,
      cas_logout_url: null,
      cas_assertion_key: null,
      cas_target_key: null,
    },
    features: featuresOfPlan(plan),
  };
}
