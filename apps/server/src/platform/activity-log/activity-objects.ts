import type { ActivityObjectType } from '@vigil/contracts';
import { sql, type SQL } from 'drizzle-orm';
import {
  assets,
  assetTypes,
  checklistRatingSettings,
  globalListItems,
  globalLists,
  customUnits,
  files,
  globalResponses,
  groups,
  inspections,
  memberships,
  roles,
  siteStructures,
  templateFolders,
  templates,
  users,
  workspaces,
} from '../../db/schema/index.ts';
import { rowsOf } from '../db.ts';
import type { TenantContext } from '../tenancy.ts';

/**
 * A name in several languages (`name_lang`) as one text: English, else the least there is (`pickName` in
 * SQL). Compared by code point, as `pickName` sorts, whatever collation the database was created with.
 */
const nameOfLanguages = (nameLang: SQL | unknown) =>
  sql`coalesce(${nameLang}->>'en', (select min(value collate "C") from jsonb_each_text(${nameLang})))`;

/**
 * Each kind of object the log names, as the rows `(id, name, alive)` of one workspace: what a record
 * is called when it is written, and whether the screens may link to it. One place, so that writing
 * a name, resolving references by name and telling whether objects exist all agree.
 */
const OBJECT_SOURCES: Record<ActivityObjectType, (workspaceId: SQL) => SQL> = {
  user: (ws) => sql`select ${users.id} as id,
      trim(coalesce(${memberships.firstName}, ${users.firstName}) || ' ' || coalesce(${memberships.lastName}, ${users.lastName})) as name, true as alive
    from ${memberships} join ${users} on ${users.id} = ${memberships.userId} where ${memberships.workspaceId} = ${ws}`,
  role: (ws) =>
    sql`select ${roles.id} as id, ${nameOfLanguages(roles.nameLang)} as name, true as alive from ${roles} where ${roles.workspaceId} = ${ws}`,
  group: (ws) =>
    sql`select ${groups.id} as id, ${nameOfLanguages(groups.nameLang)} as name, true as alive from ${groups} where ${groups.workspaceId} = ${ws}`,
  workspace: (ws) =>
    sql`select ${workspaces.id} as id, ${workspaces.name} as name, true as alive from ${workspaces} where ${workspaces.id} = ${ws}`,
  saml_config: (ws) =>
    sql`select ${workspaces.id} as id, ${workspaces.name} as name, true as alive from ${workspaces} where ${workspaces.id} = ${ws}`,
  cas_settings: (ws) =>
    sql`select ${workspaces.id} as id, ${workspaces.name} as name, true as alive from ${workspaces} where ${workspaces.id} = ${ws}`,
  file: (ws) =>
    sql`select ${files.id} as id, ${files.originalName} as name, true as alive from ${files} where ${files.workspaceId} = ${ws}`,
  template: (ws) =>
    sql`select ${templates.id} as id, ${templates.title} as name, ${templates.deletedAt} is null as alive from ${templates} where ${templates.workspaceId} = ${ws}`,
  template_folder: (ws) =>
    sql`select ${templateFolders.id} as id, ${templateFolders.name} as name, true as alive from ${templateFolders} where ${templateFolders.workspaceId} = ${ws}`,
  global_response: (ws) =>
    sql`select ${globalResponses.id} as id, ${globalResponses.name} as name, true as alive from ${globalResponses} where ${globalResponses.workspaceId} = ${ws}`,
  custom_unit: (ws) =>
    sql`select ${customUnits.id} as id, ${customUnits.name} as name, true as alive from ${customUnits} where ${customUnits.workspaceId} = ${ws}`,
  asset_type: (ws) =>
    sql`select ${assetTypes.id} as id, ${assetTypes.name} as name, true as alive from ${assetTypes} where ${assetTypes.workspaceId} = ${ws}`,
  asset: (ws) =>
    sql`select ${assets.id} as id, ${assets.displayName} as name, true as alive from ${assets} where ${assets.workspaceId} = ${ws}`,
  global_list: (ws) =>
    sql`select ${globalLists.id} as id, ${globalLists.name} as name, true as alive from ${globalLists} where ${globalLists.workspaceId} = ${ws}`,
  global_list_item: (ws) =>
    sql`select ${globalListItems.id} as id, ${globalListItems.displayName} as name, true as alive from ${globalListItems} where ${globalListItems.workspaceId} = ${ws}`,
  site_structure: (ws) =>
    sql`select ${siteStructures.id} as id, ${siteStructures.title} as name, true as alive from ${siteStructures} where ${siteStructures.workspaceId} = ${ws}`,
  inspection: (ws) =>
    sql`select ${inspections.id} as id, ${inspections.title} || ' #' || ${inspections.number} as name, true as alive from ${inspections} where ${inspections.workspaceId} = ${ws}`,
  rating_settings: (ws) =>
    sql`select ${checklistRatingSettings.id} as id, null::text as name, true as alive from ${checklistRatingSettings} where ${checklistRatingSettings.workspaceId} = ${ws}`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The names of these objects of one kind in the context's workspace, by id (unknown ids are left out). */
async function objectNames(ctx: TenantContext, objectType: ActivityObjectType, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (wanted.length === 0) return new Map();
  const source = OBJECT_SOURCES[objectType](sql`${ctx.workspaceId}::uuid`);
  const idList = sql.join(
    wanted.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string; name: string | null }>(
    await ctx.tx.execute(sql`select o.id, o.name from (${source}) o where o.id in (${idList})`),
  );
  return new Map(rows.filter((row) => row.name !== null).map((row) => [String(row.id), row.name!]));
}

/** The names of these objects of one kind, in the order given (ids without a name are left out). */
export async function namesInOrder(ctx: TenantContext, objectType: ActivityObjectType, ids: readonly string[]): Promise<string[]> {
  const names = await objectNames(ctx, objectType, ids);
  return ids.flatMap((id) => names.get(id) ?? []);
}

/** One object's name, or null when it has none or does not exist. */
export async function objectName(
  ctx: TenantContext,
  objectType: ActivityObjectType,
  id: string | null | undefined,
): Promise<string | null> {
  if (!id) return null;
  return (await objectNames(ctx, objectType, [id])).get(id) ?? null;
}

/**
 * Whether a record's object still exists (and is not deleted), as one SQL expression over the
 * record's own columns: listing a page of records resolves every row in the same query.
 */
export function objectExistsExpression(columns: { workspaceId: unknown; objectType: unknown; objectId: unknown }): SQL<boolean> {
  const objectUuid = sql`(case when ${columns.objectId} ~* ${UUID.source} then (${columns.objectId})::uuid end)`;
  const branches = Object.entries(OBJECT_SOURCES).map(
    ([type, source]) =>
      sql`when ${type} then exists (select 1 from (${source(sql`${columns.workspaceId}`)}) o where o.id = ${objectUuid} and o.alive)`,
  );
  return sql<boolean>`(case ${columns.objectType} ${sql.join(branches, sql` `)} else false end)`;
}
