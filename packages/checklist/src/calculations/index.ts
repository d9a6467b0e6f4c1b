export * from './expression.ts';
export * from './numbers.ts';
