import { fireEvent, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { IntentDropdown } from './IntentDropdown.tsx';

function renderMenu(onPick: (key: string) => void) {
  const menu = {
    items: [
      { key: 'fr', label: 'Français' },
      { key: 'de', label: 'Deutsch' },
    ],
    onClick: ({ key }: { key: string }) => onPick(key),
  };
  return render(<IntentDropdown menu={menu} button={<Button aria-label="Language">EN</Button>} />);
}

describe('IntentDropdown', () => {
  it('renders only its button until reached for, opens on a click once loaded, and keeps the focus there', async () => {
    const onPick = vi.fn();
    renderMenu(onPick);
    expect(screen.queryByText('Français')).toBeNull();
    const button = screen.getByRole('button', { name: 'Language' });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(await screen.findByText('Deutsch'));
    expect(onPick).toHaveBeenCalledWith('de');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Language' }));
  });

  it('is antd’s dropdown from the start once its code is there, so the first click keeps the same button', async () => {
    renderMenu(() => undefined);
    const button = screen.getByRole('button', { name: 'Language' });
    expect(button.className).toContain('ant-dropdown-trigger');
    fireEvent.click(button);
    expect(await screen.findByText('Français')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Language' })).toBe(button);
  });
});
