import type { FormInstance } from 'antd';
import { isHttpError } from '../../../lib/http.ts';

/** Puts a 422 answer's per-field messages on the form, nested names included (`attributes.email`). */
export function showFieldErrors(form: FormInstance, error: unknown): void {
  if (!isHttpError(error)) return;
  form.setFields(Object.entries(error.fieldErrors).map(([name, errors]) => ({ name: name.split('.'), errors })));
}
