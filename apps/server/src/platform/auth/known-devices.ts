import { DEVICE_COOKIE } from '@vigil/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, safeEqual, sign } from './tokens.ts';

/** How many accounts one browser is remembered for; the oldest drops out first. */
const MAX_ACCOUNTS = 10;
const KEEP_DAYS = 400;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Recognises a browser that completed a sign-in to an account before, so that other people's
 * failed sign-ins never pause it (the throttle keys its failures by device instead). The cookie is
 * `deviceId.tag.tag…`, one tag per account: an HMAC of the device id and the e-mail under the server
 * secret, so it cannot be forged or moved to another account, and it names no account.
 */
export function createKnownDevices(secret: string, secureCookies: boolean) {
  const tagOf = (deviceId: string, email: string) => sign(`device:${deviceId}:${email.toLowerCase()}`, secret).slice(0, 22);

  function read(request: FastifyRequest): { deviceId: string; tags: string[] } | null {
    const [deviceId, ...tags] = (request.cookies[DEVICE_COOKIE] ?? '').split('.');
    return deviceId && DEVICE_ID.test(deviceId) ? { deviceId, tags: tags.slice(-MAX_ACCOUNTS) } : null;
  }

  return {
    /** This browser's device id when it signed in to `email` before, else null. */
    recognise(request: FastifyRequest, email: string): string | null {
      const cookie = read(request);
      if (!cookie) return null;
      const expected = tagOf(cookie.deviceId, email);
      return cookie.tags.some((tag) => safeEqual(tag, expected)) ? cookie.deviceId : null;
    },

    /** Remembers, after a complete sign-in, that this browser signed in to `email`. */
    remember(request: FastifyRequest, reply: FastifyReply, email: string): void {
      const cookie = read(request) ?? { deviceId: randomToken(16), tags: [] };
      const tag = tagOf(cookie.deviceId, email);
      const tags = [...cookie.tags.filter((known) => known !== tag), tag].slice(-MAX_ACCOUNTS);
      reply.setCookie(DEVICE_COOKIE, [cookie.deviceId, ...tags].join('.'), {
        path: '/api',
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        maxAge: KEEP_DAYS * 86_400,
      });
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
