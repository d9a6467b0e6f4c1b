import { TwoFactorMethodSchema, type TwoFactorChallenge } from '@vigil/contracts';

/** What the /2fa screen needs, carried in its URL (spec 1 §2: query parameters to, method, expiredAfter and id). */
export interface TwoFactorStep {
  email: string;
  method: TwoFactorChallenge['method'];
  to: string | null;
  expiredAfter: string;
  id: string;
  redirect: string | null;
}

/** The step from the screen's URL; null when the URL is incomplete (typed by hand, or cut short). */
export function readTwoFactorStep(email: string | undefined, query: URLSearchParams): TwoFactorStep | null {
  const method = TwoFactorMethodSchema.safeParse(query.get('method'));
  const id = query.get('id');
  const expiredAfter = query.get('expiredAfter');
  if (!email || !method.success || !id || !expiredAfter || Number.isNaN(Date.parse(expiredAfter))) return null;
  return { email, method: method.data, to: query.get('to'), expiredAfter, id, redirect: query.get('redirect_uri') };
}
