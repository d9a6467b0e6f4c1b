export * from './constants.ts';
export * from './dates.ts';
export * from './conditions.ts';
export * from './validate.ts';
