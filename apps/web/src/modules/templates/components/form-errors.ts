import type { FormInstance } from 'antd';
import { isHttpError } from '../../../lib/http.ts';

/** Spec 2 §7: create and update errors pass their data to the form (`options.0.label` → that field). */
export function showServerErrors(form: FormInstance, error: unknown): void {
  if (!isHttpError(error)) return;
  form.setFields(
    Object.entries(error.fieldErrors).map(([name, errors]) => ({ name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never, errors })),
  );
}
