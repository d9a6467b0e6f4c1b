export * from './shared.ts';
export * from './pages.ts';
export * from './items.ts';
export * from './dependencies.ts';
export * from './repeatable.ts';
export * from './rule-sets.ts';
export * from './clipboard.ts';
export * from './fix.ts';
