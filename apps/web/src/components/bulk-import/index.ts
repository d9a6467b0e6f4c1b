export { BulkImportWizard, type BulkImportWizardProps } from './BulkImportWizard.tsx';
export { type BulkImportTarget } from './calls.ts';
export { useBulkImport } from './useBulkImport.tsx';
