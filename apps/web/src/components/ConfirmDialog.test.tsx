import { fireEvent, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToastSink, type ToastSink } from '../lib/toast.ts';
import { makeSession } from '../test/session.ts';
import { renderWithSession } from '../test/render.tsx';
import { useConfirmDialog, type ConfirmOptions } from './ConfirmDialog.tsx';

function DeleteButton(props: Omit<ConfirmOptions, 'title'> & { onClosed?: (confirmed: boolean) => void }) {
  const confirm = useConfirmDialog();
  const { onClosed, ...options } = props;
  return <Button onClick={() => void confirm({ title: 'Delete this group?', ...options }).then(onClosed)}>Delete</Button>;
}

let toast: ReturnType<typeof vi.fn<ToastSink>>;

async function open(props: Parameters<typeof DeleteButton>[0]) {
  await renderWithSession(<DeleteButton {...props} />, makeSession());
  toast = vi.fn<ToastSink>();
  setToastSink(toast);
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByRole('dialog', { name: 'Delete this group?' })).toBeTruthy();
}

afterEach(() => vi.restoreAllMocks());

describe('useConfirmDialog', () => {
  it('runs the action on confirm and shows the success message', async () => {
    const onConfirm = vi.fn(async () => ({ data: null }));
    const onClosed = vi.fn();
    await open({ onConfirm, successMessage: 'Group deleted.', onClosed });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalledWith(true));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith('success', 'Group deleted.');
  });

  it('does not repeat a message the server already sent', async () => {
    const onClosed = vi.fn();
    await open({ onConfirm: async () => ({ data: null, message: 'Deleted' }), onClosed });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalledWith(true));
    expect(toast).not.toHaveBeenCalled();
  });

  it('does nothing on cancel', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const onClosed = vi.fn();
    await open({ onConfirm, onClosed });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalledWith(false));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open when the action fails', async () => {
    await open({ onConfirm: async () => Promise.reject(new Error('conflict')) });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('dialog', { name: 'Delete this group?' })).toBeTruthy();
    expect(toast).not.toHaveBeenCalledWith('success', expect.anything());
  });
});
