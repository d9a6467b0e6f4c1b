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

function Harness({
  initial,
  load,
  onChange,
}: {
  initial: string[];
  load: (p: TreeLoadParams) => Promise<TreeDropdownOption[]>;
  onChange?: (v: string[]) => void;
}) {
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
    // Timed by the clock rather than by sleeping, so a busy machine cannot make it flaky.
    const asked: { q: string; at: number }[] = [];
    const inner = loader();
    const load = vi.fn(async (params: TreeLoadParams) => {
      if (params.q !== undefined) asked.push({ q: params.q, at: performance.now() });
      return inner(params);
    });
    await renderWithSession(<Harness initial={[]} load={load} />, makeSession());
    const input = screen.getByRole('combobox', { name: 'Location' });
    // Times taken before each key and after the last: a timer starts between them.
    const beforeFirst = performance.now();
    fireEvent.change(input, { target: { value: 'ha' } });
    const beforeLast = performance.now();
    fireEvent.change(input, { target: { value: 'hal' } });
    const afterLast = performance.now();
    await waitFor(() => expect(asked.map((call) => call.q)).toContain('hal'), { timeout: 5000 });
    const last = asked.find((call) => call.q === 'hal')!;
    expect(last.at - beforeLast).toBeGreaterThanOrEqual(499);
    // The first key is searched only when the second came 500 ms later or more.
    if (afterLast - beforeFirst < 499) expect(asked.map((call) => call.q)).toEqual(['hal']);
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

  it('shows the parents of chosen options chosen and disabled in a 250px menu, and never sends them', async () => {
    const onChange = vi.fn();
    await renderWithSession(<Harness initial={['hall']} load={loader()} onChange={onChange} />, makeSession());
    await screen.findByText('Hall A');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Location' }));
    const site = await waitFor(() => {
      const node = [...document.querySelectorAll('.ant-select-tree-treenode')].find((n) => n.textContent?.includes('Main site'));
      expect(node).toBeTruthy();
      return node!;
    });
    expect(site.classList.contains('ant-select-tree-treenode-disabled')).toBe(true);
    expect(site.querySelector('.ant-select-tree-checkbox-checked')).toBeTruthy();
    expect((document.querySelector('.ant-select-tree-list-holder') as HTMLElement).style.maxHeight).toBe('250px');
    // The parent shows no tag of its own.
    expect(screen.queryByRole('button', { name: 'Remove Main site' })).toBeNull();
    const office = [...document.querySelectorAll('.ant-select-tree-treenode')].find((n) => n.textContent?.includes('Head office'))!;
    fireEvent.click(office.querySelector('.ant-select-tree-checkbox')!);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)![0].sort()).toEqual(['hall', 'hq']);
  });

  it('loads the labels of a value set later', async () => {
    const load = loader();
    function Later() {
      const [value, setValue] = useState<string[]>([]);
      return (
        <>
          <TreeDropdown aria-label="Location" load={load} value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue(['hall'])}>
            Choose
          </button>
        </>
      );
    }
    await renderWithSession(<Later />, makeSession());
    await waitFor(() => expect(load).toHaveBeenCalledWith({}));
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(load).toHaveBeenCalledWith({ ids: ['hall'] }));
    expect(await screen.findByText('Hall A')).toBeTruthy();
  });
});
