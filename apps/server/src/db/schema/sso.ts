import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { SamlAttributeMap, SamlProvider } from '@vigil/contracts';
import { createdAt, timestampTz, updatedAt, workspaceId } from './columns.ts';
import { memberships } from './users.ts';
import { workspaces } from './workspaces.ts';

/** A workspace's SAML 2.0 identity provider (one per workspace). */
export const samlConfigs = pgTable(
  'saml_configs',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SamlProvider>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    ssoOnly: boolean('sso_only').notNull().default(false),
    metadataUrl: text('metadata_url'),
    entityId: text('entity_id').notNull(),
    ssoUrl: text('sso_url').notNull(),
    sloUrl: text('slo_url'),
    certificate: text('certificate').notNull(),
    attributes: jsonb('attributes').$type<SamlAttributeMap>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId] })],
);

/** Which member an IdP user id stands for, remembered at the first sign-in. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    idpUserId: text('idp_user_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.idpUserId] }),
    index('sso_identities_user_idx').on(table.workspaceId, table.userId),
    foreignKey({ columns: [table.workspaceId, table.userId], foreignColumns: [memberships.workspaceId, memberships.userId] }).onDelete(
      'cascade',
    ),
  ],
);

export const SSO_NONCE_KINDS = ['request', 'assertion', 'handoff', 'cas_state'] as const;
export type SsoNonceKind = (typeof SSO_NONCE_KINDS)[number];

/**
 * Single-use values of the sign-in flows: SAML request ids (InResponseTo), assertion ids
 * already used (replay cache), one-time hand-offs to the web app and CAS browser states.
 * Secrets are stored as SHA-256 only.
 */
export const ssoNonces = pgTable(
  'sso_nonces',
  {
    workspaceId: workspaceId().references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SSO_NONCE_KINDS }).notNull(),
    value: text('value').notNull(),
    userId: uuid('user_id'),
    /** SHA-256 of the browser cookie the flow started with, when bound to one. */
    binding: text('binding'),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.kind, table.value] }),
    index('sso_nonces_expiry_idx').on(table.workspaceId, table.expiresAt),
  ],
);
