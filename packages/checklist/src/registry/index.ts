export * from './item-types.ts';
export * from './options.ts';
export * from './registry.ts';
