import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../test/render.tsx';
import { setScreenWide } from '../test/screen-width.ts';
import { makeSession } from '../test/session.ts';
import { ToolbarActions, type ToolbarAction } from './ToolbarActions.tsx';

const actions = (onImport: () => void): ToolbarAction[] => [
  { key: 'folder', label: 'New folder', onClick: () => {} },
  { key: 'import', label: 'Import', onClick: onImport },
  { key: 'new', label: 'New template', onClick: () => {}, primary: true },
];

afterEach(() => setScreenWide(false));

describe('ToolbarActions', () => {
  it('shows every action as a button on a wide screen', async () => {
    setScreenWide(true);
    await renderWithSession(<ToolbarActions actions={actions(() => {})} />, makeSession());
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['New folder', 'Import', 'New template']);
  });

  it('on a phone keeps the main action a button and gathers the others in a "More" menu', async () => {
    setScreenWide(false);
    const onImport = vi.fn();
    await renderWithSession(<ToolbarActions actions={actions(onImport)} />, makeSession());
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['New template', 'More']);
    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    expect(await screen.findByRole('menuitem', { name: 'New folder' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Import' }));
    expect(onImport).toHaveBeenCalledOnce();
  });
});
