import type { Folder } from '@vigil/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { FolderPicker } from './FolderPicker.tsx';

vi.setConfig({ testTimeout: 30_000 });

const folder = (id: string, name: string, depth: number, children: Folder[] = []): Folder => ({
  id,
  name,
  parent_id: null,
  depth,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  children,
});

const TREE = [folder('f-1', 'Sites', 0, [folder('f-2', 'North', 1)]), folder('f-3', 'Vehicles', 0)];

const fakeServer = () => fakeApi({ 'GET /api/checklist/template/folder/all': () => TREE });

afterEach(() => vi.unstubAllGlobals());

describe('FolderPicker', () => {
  it('offers the top level and every folder, nested ones indented, and answers the chosen id (null for the top level)', async () => {
    const calls = fakeServer();
    const onChange = vi.fn();
    await renderWithSession(<FolderPicker value="f-3" onChange={onChange} />, makeSession());
    const north = await screen.findByRole('radio', { name: 'North' });
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent?.trim())).toEqual([
      'Top level (no folder)',
      'Sites',
      'North',
      'Vehicles',
    ]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Vehicles' }).checked).toBe(true);
    expect(north.closest('label')?.getAttribute('style')).toContain('padding-inline-start: 40px');
    expect(calls.map((call) => [call.key, call.query])).toEqual([['GET /api/checklist/template/folder/all', {}]]);

    fireEvent.click(north);
    expect(onChange).toHaveBeenLastCalledWith('f-2');
    fireEvent.click(screen.getByRole('radio', { name: 'Top level (no folder)' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('asks the server to leave out the folder being moved', async () => {
    const calls = fakeServer();
    await renderWithSession(<FolderPicker excludeId="f-1" />, makeSession());
    await screen.findByRole('radio', { name: 'Sites' });
    expect(calls.map((call) => [call.key, call.query])).toEqual([['GET /api/checklist/template/folder/all', { exclude_id: 'f-1' }]]);
  });
});
