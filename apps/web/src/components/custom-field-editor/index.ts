export { buildSavePayload, CustomFieldEditor, type CustomFieldEditorProps } from './CustomFieldEditor.tsx';
