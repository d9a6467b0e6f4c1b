import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export interface UploadLimits {
  /** Uploads one signed-in user may send at the same time. */
  perUser: number;
  /** Uploads one client address may send at the same time, whoever is signed in. */
  perAddress: number;
}

/** Runs `receive` while holding one of the caller's upload slots; past either limit, 429 before any byte is read. */
export type UploadSlot = <T>(request: FastifyRequest, receive: () => Promise<T>) => Promise<T>;

/**
 * Counts the uploads in progress in this process. Each holds a connection and a temporary file for
 * as long as its body takes to arrive, so one user or address may not hold more than a few: the
 * rest of the server's connections and disk stay for everyone else.
 */
export function createUploadSlots(limits: UploadLimits): UploadSlot {
  const inProgress = new Map<string, number>();
  const count = (key: string) => inProgress.get(key) ?? 0;
  const release = (key: string) => {
    const left = count(key) - 1;
    if (left > 0) inProgress.set(key, left);
    else inProgress.delete(key);
  };

  return async (request, receive) => {
    const address = `address:${request.ip}`;
    const user = request.auth ? `user:${request.auth.user.id}` : null;
    if (count(address) >= limits.perAddress || (user && count(user) >= limits.perUser)) {
      throw new AppError(429, '_RATE_LIMITED', 'file.too_many_uploads');
    }
    const held = user ? [address, user] : [address];
    for (const key of held) inProgress.set(key, count(key) + 1);
    try {
      return await receive();
    } finally {
      held.forEach(release);
    }
  };
}
