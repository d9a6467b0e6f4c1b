import type { TwoFactorChallenge } from '@vigil/contracts';

/** The /2fa screen's URL for a challenge: the step travels in the query, so a reload keeps it. */
export function twoFactorPath(email: string, challenge: TwoFactorChallenge, redirect: string | null): string {
  const query = new URLSearchParams({ method: challenge.method, expiredAfter: challenge.expiredAfter, id: challenge.id });
  if (challenge.to) query.set('to', challenge.to);
  if (redirect) query.set('redirect_uri', redirect);
  return `/2fa/${encodeURIComponent(email)}?${query}`;
}
