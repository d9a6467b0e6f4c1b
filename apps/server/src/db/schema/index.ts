export * from './workspaces.ts';
export * from './users.ts';
export * from './system.ts';
export * from './templates.ts';
export * from './activity-log.ts';
export * from './accounts.ts';
export * from './saved-queries.ts';
export * from './custom-fields.ts';
