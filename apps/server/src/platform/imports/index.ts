/** Bulk imports from CSV and xlsx: modules register where rows go (`ImportTargetHandler`), the platform does the rest. */
export { createImports, type Imports, type StartImport } from './imports.service.ts';
export { IMPORT_UPLOAD, registerImportRoutes, sendSpreadsheet } from './imports.routes.ts';
export {
  fieldColumns,
  fieldValuesOf,
  type ImportDestination,
  type ImportTargetHandler,
  type MappedRow,
  type RowProblem,
} from './targets.ts';
export { readSpreadsheetUpload, spreadsheetUploadLimits, type SpreadsheetUpload } from './upload.ts';
export { insertRecords, valuesPresent } from './records.ts';
