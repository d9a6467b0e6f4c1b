import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { showFieldErrors } from './form-errors.ts';
import { HttpError } from './http.ts';

function fakeForm(registered: (string | number)[][] = []) {
  const setFields = vi.fn();
  const getFieldsError = () => registered.map((name) => ({ name, errors: [], warnings: [] }));
  return { form: { setFields, getFieldsError } as unknown as FormInstance, setFields };
}

describe('showFieldErrors', () => {
  it('puts each field message on its field, nested names and list items included', () => {
    const { form, setFields } = fakeForm();
    showFieldErrors(
      form,
      new HttpError(422, 'VALIDATION_FAILED', 'Invalid', { name: ['Too long'], 'options.1.label': ['Required'], 'name_lang.fr': ['Bad'] }),
    );
    expect(setFields).toHaveBeenCalledWith([
      { name: ['name'], errors: ['Too long'] },
      { name: ['options', 1, 'label'], errors: ['Required'] },
      { name: ['name_lang', 'fr'], errors: ['Bad'] },
    ]);
  });

  it('puts a message about a group of fields on the first field the form shows of it', () => {
    const { form, setFields } = fakeForm([['name_lang', 'en'], ['name_lang', 'fr'], ['permissions']]);
    showFieldErrors(
      form,
      new HttpError(422, 'VALIDATION_FAILED', 'Invalid', { name_lang: ['Required'], permissions: ['Unknown'], other: ['Kept'] }),
    );
    expect(setFields).toHaveBeenCalledWith([
      { name: ['name_lang', 'en'], errors: ['Required'] },
      { name: ['permissions'], errors: ['Unknown'] },
      { name: ['other'], errors: ['Kept'] },
    ]);
  });

  it('leaves the form alone for anything but an HTTP error', () => {
    const { form, setFields } = fakeForm();
    showFieldErrors(form, new Error('network'));
    expect(setFields).not.toHaveBeenCalled();
  });
});
