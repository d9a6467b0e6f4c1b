import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/http.ts';
import { renderWithSession } from '../test/render.tsx';
import { makeSession } from '../test/session.ts';
import { TypeToConfirmDialog } from './TypeToConfirmDialog.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

async function open(onConfirm: () => Promise<unknown>) {
  const onClose = vi.fn();
  await renderWithSession(
    <TypeToConfirmDialog title="Delete Pump 7?" expected="Pump 7" onConfirm={onConfirm} onClose={onClose} />,
    makeSession(),
  );
  await screen.findByRole('dialog', { name: 'Delete Pump 7?' });
  return onClose;
}

const deleteButton = () => screen.getByRole('button', { name: 'Delete for good' });

describe('TypeToConfirmDialog', () => {
  it('enables the delete button only once the exact name is typed, then deletes and closes', async () => {
    const onConfirm = vi.fn(async () => null);
    const onClose = await open(onConfirm);
    const input = screen.getByLabelText('Type Pump 7 to confirm');
    expect(deleteButton()).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: 'pump 7' } });
    expect(deleteButton()).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: 'Pump 7' } });
    expect(deleteButton()).toHaveProperty('disabled', false);
    fireEvent.click(deleteButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('shows the refusal and stays open when the deletion fails', async () => {
    const onClose = await open(async () => {
      throw new HttpError(422, '_VALIDATION_FAILED', 'This asset type still has assets.');
    });
    fireEvent.change(screen.getByLabelText('Type Pump 7 to confirm'), { target: { value: 'Pump 7' } });
    fireEvent.click(deleteButton());
    expect(await screen.findByText('This asset type still has assets.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
