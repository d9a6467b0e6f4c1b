import type { ButtonProps, MenuProps } from 'antd';
import { cloneElement, useState, type MouseEvent, type ReactElement } from 'react';
import type { ClickDropdown } from './ClickDropdown.tsx';

let loaded: typeof ClickDropdown | undefined;
let loading: Promise<typeof ClickDropdown> | undefined;

function loadDropdown(): Promise<typeof ClickDropdown> {
  loading ??= import('./ClickDropdown.tsx').then(
    (module) => (loaded = module.ClickDropdown),
    (error: unknown) => {
      loading = undefined; // a later reach for the button tries again
      throw error;
    },
  );
  return loading;
}

function preload(): void {
  loadDropdown().catch(() => undefined);
}

/**
 * A click dropdown on `button` whose code (antd Dropdown and Menu, about 20 KB) loads when the visitor
 * reaches for the button: the pointer over it or focus preloads, a click opens the menu once loaded.
 * The header's menus are on the login page, which should not download them up front. The button is
 * remounted inside the dropdown then, so it takes the focus back if it had it (keyboard use).
 */
export function IntentDropdown({ menu, button }: { menu: MenuProps; button: ReactElement<ButtonProps> }) {
  const [Dropdown, setDropdown] = useState(() => loaded);
  const [open, setOpen] = useState(false);
  const [refocus, setRefocus] = useState(false);
  if (Dropdown) {
    return (
      <Dropdown menu={menu} open={open} onOpenChange={setOpen}>
        {refocus ? cloneElement(button, { autoFocus: true }) : button}
      </Dropdown>
    );
  }
  return cloneElement(button, {
    onMouseEnter: preload,
    onFocus: preload,
    onClick: (event: MouseEvent<HTMLElement>) => {
      const hadFocus = event.currentTarget === document.activeElement;
      void loadDropdown().then((component) => {
        setRefocus(hadFocus);
        setOpen(true);
        setDropdown(() => component);
      });
    },
  });
}
