export * from './plan.ts';
export * from './evaluator.ts';
