export * from './auth.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './permissions.ts';
export * from './plans.ts';
export * from './system.ts';
export * from './workspaces.ts';
