import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TreeDropdownOption } from '@vigil/contracts';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/render.tsx';
import { makeSession } from '../../test/session.ts';
import { optionValue, requiredTreeRule, TreeDropdown, type TreeLoadParams } from './TreeDropdown.tsx';

const ROOTS: TreeDropdownOption[] = [
  { value: 'site', label: 'Main site', hasChildren: true },
  { value: 'hq', label: 'Head office', fixed: true },
];
const CHILDREN: TreeDropdownOption[] = [{ value: 'hall', label: 'Hall A', ancestors: ['site'] }];

function Harness({ initial, load, onChange }: { initial: string[]; load: (p: TreeLoadParams) => Promise<TreeDropdownOption[]>; onChange?: (v: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TreeDropdown
        aria-label="Location"
        load={load}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output>{value.join(',')}</output>
    </>
  );
}

const loader = () =>
  vi.fn(async (params: TreeLoadParams) => {
    if (params.parent_id === 'site') return CHILDREN;
    if (params.ids) return [...ROOTS, ...CHILDREN].filter((option) => params.ids!.includes(option.value));
    if (params.q) return [...ROOTS, ...CHILDREN].filter((option) => option.label.toLowerCase().includes(params.q!.toLowerCase()));
    return ROOTS;
  });

describe('TreeDropdown', { timeout: 20_000 }, () => {
  it('loads roots, then the labels of chosen values', async () => {
    const load = loader();
    await renderWithSession(<Harness initial={['hall']} load={load} />, makeSession());
    await waitFor(() => expect(load).toHaveBeenCalledWith({ ids: ['hall'] }));
    expect(load).toHaveBeenCalledWith({});
    expect(await screen.findByText('Hall A')).toBeTruthy();
  });

  it('searches the server 500 ms after the last key', async () => {
    const load = loader();
    await renderWithSession(<Harness initial={[]} load={load} />, makeSession());
    const input = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.change(input, { target: { value: 'ha' } });
    fireEvent.change(input, { target: { value: 'hal' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(load.mock.calls.some(([params]) => params.q !== undefined)).toBe(false);
    await waitFor(() => expect(load).toHaveBeenCalledWith({ q: 'hal' }), { timeout: 2000 });
    expect(load.mock.calls.filter(([params]) => params.q !== undefined)).toHaveLength(1);
  });

  it('asks before clearing, and keeps fixed options', async () => {
    const onChange = vi.fn();
    await renderWithSession(<Harness initial={['hq', 'hall']} load={loader()} onChange={onChange} />, makeSession());
    await screen.findByText('Hall A');
    // A fixed option has no remove button.
    expect(screen.queryByRole('button', { name: 'Remove Head office' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(document.body.textContent).toContain('Clear the selection?'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['hq']));
  });

  it('prefixes grouped values with their group code', () => {
    expect(optionValue({ value: '7', label: 'Ops', groupCode: 'group' })).toBe('group:7');
    expect(optionValue({ value: 'group:7', label: 'Ops', groupCode: 'group' })).toBe('group:7');
    expect(optionValue({ value: '7', label: 'Ada' })).toBe('7');
  });

  it('requires one value when required', async () => {
    const rule = requiredTreeRule('Required');
    await expect(rule.validator(null, [])).rejects.toThrow('Required');
    await expect(rule.validator(null, ['a'])).resolves.toBeUndefined();
  });
});
