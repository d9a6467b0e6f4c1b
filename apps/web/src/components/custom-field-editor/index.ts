export { CustomFieldEditor, type CustomFieldEditorProps } from './CustomFieldEditor.tsx';
export { buildSavePayload } from './draft.ts';
