export * from './workspaces.ts';
export * from './users.ts';
export * from './system.ts';
export * from './templates.ts';
