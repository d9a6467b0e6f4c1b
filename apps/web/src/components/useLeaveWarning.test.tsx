import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { findDialog, renderWithSession } from '../test/render.tsx';
import { makeSession } from '../test/session.ts';
import { useLeaveWarning } from './useLeaveWarning.tsx';

vi.setConfig({ testTimeout: 30_000 });

function Editor() {
  const [unsaved, setUnsaved] = useState(false);
  useLeaveWarning(unsaved);
  return (
    <button type="button" onClick={() => setUnsaved(!unsaved)}>
      {unsaved ? 'unsaved' : 'saved'}
    </button>
  );
}

const beforeUnload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useLeaveWarning', () => {
  it('lets a page without changes go, and asks before leaving one with changes: stay keeps it, leave goes', async () => {
    const { router } = await renderWithSession(<Editor />, makeSession(), { path: '/editor', entry: '/editor' });
    expect(beforeUnload()).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'saved' }));
    expect(beforeUnload()).toBe(true);
    await act(() => router.navigate('/elsewhere'));
    const asked = await findDialog('Leave without saving?');
    expect(asked.textContent).toContain('If you leave, they are lost.');
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor'));
    expect(screen.getByRole('button', { name: 'unsaved' })).toBeTruthy();

    await act(() => router.navigate('/elsewhere'));
    // The first dialog may still be closing: the new one's button is the last.
    await waitFor(() => expect(screen.getAllByText('Leave without saving?').length).toBeGreaterThan(0));
    const leave = await screen.findAllByRole('button', { name: 'Leave' });
    fireEvent.click(leave[leave.length - 1]);
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it('asks nothing once the changes are saved', async () => {
    const { router } = await renderWithSession(<Editor />, makeSession(), { path: '/editor', entry: '/editor' });
    fireEvent.click(screen.getByRole('button', { name: 'saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'unsaved' }));
    expect(beforeUnload()).toBe(false);
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
