export * from './validate-document.ts';
export * from './parse.ts';
