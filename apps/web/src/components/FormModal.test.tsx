import { fireEvent, screen, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/http.ts';
import { showFieldErrors } from '../lib/form-errors.ts';
import { makeSession } from '../test/session.ts';
import { renderWithSession } from '../test/render.tsx';
import { FormModal } from './FormModal.tsx';

/** A one-field modal as the callers write it: the save fails with the server's message on the field when told to. */
function NameModal({ onSave, onClose, serverError }: { onSave: (name: string) => void; onClose: () => void; serverError?: string }) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormModal
      form={form}
      title="Rename folder"
      okText="Save"
      pending={false}
      onClose={onClose}
      initialValues={{ name: 'Site A' }}
      onFinish={({ name }) => {
        if (serverError) showFieldErrors(form, new HttpError(422, 'VALIDATION_FAILED', 'Invalid', { name: [serverError] }));
        else onSave(name);
      }}
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Enter a name.' }]}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}

async function open(props: Partial<Parameters<typeof NameModal>[0]> = {}) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  await renderWithSession(<NameModal onSave={onSave} onClose={onClose} {...props} />, makeSession());
  const dialog = await screen.findByRole('dialog', { name: 'Rename folder' });
  return { dialog, onSave, onClose };
}

describe('FormModal', () => {
  it('shows the initial values and submits the form with OK', async () => {
    const { dialog, onSave, onClose } = await open();
    const field = within(dialog).getByLabelText('Name');
    expect(field).toHaveProperty('value', 'Site A');
    fireEvent.change(field, { target: { value: 'Site B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith('Site B'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the form open with the validation message and does not submit', async () => {
    const { dialog, onSave } = await open();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("puts the server's message on the field", async () => {
    const { dialog } = await open({ serverError: 'A folder with this name exists.' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A folder with this name exists.')).toBeTruthy();
  });

  it('closes with the translated Cancel button', async () => {
    const { dialog, onClose, onSave } = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });
});
