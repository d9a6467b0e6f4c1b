import { createMongoAbility, type MongoAbility } from '@casl/ability';

/**
 * Spec 1 §6: a check asks whether the user may perform the `call` ability on a
 * permission code; the user's abilities are the codes they hold.
 */
export function defineAbilityFor(codes: readonly string[]): MongoAbility<['call', string]> {
  return createMongoAbility<MongoAbility<['call', string]>>(codes.map((code) => ({ action: 'call' as const, subject: code })));
}
