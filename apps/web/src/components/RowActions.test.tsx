import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeSession } from '../test/session.ts';
import { renderWithSession } from '../test/render.tsx';
import { RowActions, type RowAction } from './RowActions.tsx';

async function show(actions: (RowAction | false)[]) {
  return await renderWithSession(<RowActions actions={actions} />, makeSession());
}

describe('RowActions', () => {
  it('runs a plain action at once, named for its row', async () => {
    const onClick = vi.fn();
    await show([{ label: 'Edit', ariaLabel: 'Edit Site A', onClick }]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Site A' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('keeps its clicks and keys from the row around it, so a row that opens on click does not open too', async () => {
    const onClick = vi.fn();
    const onRow = vi.fn();
    await renderWithSession(
      <div role="row" onClick={onRow} onKeyDown={onRow}>
        <RowActions actions={[{ label: 'Edit', onClick }]} />
      </div>,
      makeSession(),
    );
    const button = screen.getByRole('button', { name: 'Edit' });
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'Enter' });
    expect(onClick).toHaveBeenCalledOnce();
    expect(onRow).not.toHaveBeenCalled();
  });

  it('follows a link action', async () => {
    const { router } = await show([{ label: 'Members', to: '/group/g1/users' }]);
    fireEvent.click(screen.getByRole('link', { name: 'Members' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/group/g1/users'));
  });

  it('asks before a confirmed action, red when the confirmation is, and runs it only on confirm', async () => {
    const onConfirm = vi.fn(async () => ({ data: null }));
    await show([{ label: 'Delete', confirm: { title: 'Delete Site A?', danger: true, onConfirm } }]);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.className).toContain('ant-btn-dangerous');
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Delete Site A?' })).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledOnce());
  });

  it('keeps a confirmed action that is not destructive plain, and leaves out `false` entries', async () => {
    await show([{ label: 'Make default', confirm: { title: 'Make it default?', onConfirm: async () => undefined } }, false]);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Make default' }).className).not.toContain('ant-btn-dangerous');
  });
});
