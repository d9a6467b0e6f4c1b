export { compileListQuery, customFieldExpr, escapeLike } from './compile.ts';
export type { ColumnDef, ColumnMap, CompiledList, ListSpec } from './compile.ts';
export { idsMatching, listPage, listWith, paginationOf, whereMatching } from './list-query.ts';
export type { ListPage, ListRunner, ListSource } from './list-query.ts';
export { buildTree } from './tree.ts';
export type { TreeRow } from './tree.ts';
