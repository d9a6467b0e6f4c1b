import { sql, type AnyColumn } from 'drizzle-orm';
import { memberships, users } from '../../db/schema/index.ts';

const invited = sql`${memberships.status} = 'invited'`;

/** The workspace's own value for a member, else the person's own; only the workspace's while they are invited. */
const workspaceOrOwn = (own: AnyColumn, mine: AnyColumn) => sql`case when ${invited} then ${mine} else coalesce(${mine}, ${own}) end`;

const firstName = sql<string>`coalesce(${workspaceOrOwn(users.firstName, memberships.firstName)}, '')`;
const lastName = sql<string>`coalesce(${workspaceOrOwn(users.lastName, memberships.lastName)}, '')`;

/**
 * A member as this workspace shows them, for queries joining `memberships` to `users` (a left join
 * on `memberships` shows a former member by their own names). An invited person has not agreed to
 * anything yet: the workspace sees only what its inviter typed, never their account's names or
 * picture, so an invitation tells nothing about whether the address had an account.
 */
export const memberProfile = {
  firstName,
  lastName,
  nickName: sql<string | null>`${workspaceOrOwn(users.nickName, memberships.nickName)}`,
  fullName: sql<string>`trim(${firstName} || ' ' || ${lastName})`,
  avatar: sql<string | null>`case when ${invited} then null else ${users.avatar} end`,
};
