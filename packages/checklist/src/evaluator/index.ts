export * from './plan.ts';
export * from './evaluator.ts';
export * from './answers.ts';
export * from './answer-values.ts';
