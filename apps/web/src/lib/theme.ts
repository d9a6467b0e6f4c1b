import { SKINS, type Skin } from '@vigil/contracts';
import { theme, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'vigil.skin';
const listeners = new Set<() => void>();

export function isSkin(value: unknown): value is Skin {
  return typeof value === 'string' && (SKINS as readonly string[]).includes(value);
}

function getSkin(): Skin {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  return isSkin(stored) ? stored : 'light';
}

export function setSkin(skin: Skin): void {
  window.localStorage.setItem(STORAGE_KEY, skin);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSkin(): Skin {
  return useSyncExternalStore(subscribe, getSkin, getSkin);
}

/**
 * Colours are chosen for WCAG AA contrast (4.5:1) of links, secondary text and danger text
 * (small red buttons, red menu items, field errors), which antd's defaults miss on white
 * (#1677ff, #ff4d4f) and on dark (45 % white, #dc4446).
 */
const LIGHT: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // antd derives a lighter hover (#4096ff-like) that falls to about 2.5:1 on light blue alerts.
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // 5.6:1 on white, and for white text on it (red OK buttons, badges).
    colorError: '#cf1322',
  },
};

/** Blues that read as text on the dark page, where the primary blue (#1668dc) gives only 3.5:1. */
const DARK_TEXT_BLUE = { rest: '#69b1ff', hover: '#91caff', active: '#4096ff' };

const DARK: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: '#1668dc',
    colorLink: DARK_TEXT_BLUE.rest,
    colorLinkHover: DARK_TEXT_BLUE.hover,
    colorLinkActive: DARK_TEXT_BLUE.active,
    colorTextDescription: 'rgba(255, 255, 255, 0.62)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
    // The dark algorithm turns this into #dc6966: 5.5:1 on the page, 4.9:1 on menus. White
    // cannot stand on so light a red, so what is filled with it carries black text.
    colorError: '#ff7875',
  },
  components: {
    Button: { dangerColor: '#000' },
    Badge: { colorTextLightSolid: '#000' },
    Dropdown: { colorTextLightSolid: '#000' },
    // The selected tab's label (saved queries above the lists).
    Tabs: { itemSelectedColor: DARK_TEXT_BLUE.rest, itemHoverColor: DARK_TEXT_BLUE.hover, itemActiveColor: DARK_TEXT_BLUE.active },
  },
};

/**
 * Solid template-state tags with white text, readable in every skin (antd's light green, gold and
 * orange tags fall below 4.5:1): published, and published with unpublished changes. A draft is a
 * plain tag.
 */
export const TEMPLATE_STATE_COLORS = { published: '#0e700e', changes: '#a4410e' } as const;

/** The skin's theme; with `reducedMotion`, antd opens, closes and adds things without animating them. */
export function themeConfigFor(skin: Skin, reducedMotion = false): ThemeConfig {
  const config = skin === 'dark' ? DARK : LIGHT;
  return reducedMotion ? { ...config, token: { ...config.token, motion: false } } : config;
}

/** The side menu is dark in semi-dark; in dark the whole algorithm already is. */
export function siderThemeFor(skin: Skin): 'light' | 'dark' {
  return skin === 'semi-dark' ? 'dark' : 'light';
}
