import { SKINS, type Skin } from '@vigil/contracts';
import { theme, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'vigil.skin';
const listeners = new Set<() => void>();

export function isSkin(value: unknown): value is Skin {
  return typeof value === 'string' && (SKINS as readonly string[]).includes(value);
}

export function getSkin(): Skin {
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
 * Colours are chosen for WCAG AA contrast (4.5:1) of links and secondary text,
 * which antd's defaults miss on white (#1677ff) and on dark (45 % white).
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
  },
};

const DARK: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: '#1668dc',
    colorLink: '#69b1ff',
    colorLinkHover: '#91caff',
    colorLinkActive: '#4096ff',
    colorTextDescription: 'rgba(255, 255, 255, 0.62)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
  },
};

export function themeConfigFor(skin: Skin): ThemeConfig {
  return skin === 'dark' ? DARK : LIGHT;
}

/** The side menu is dark in semi-dark; in dark the whole algorithm already is. */
export function siderThemeFor(skin: Skin): 'light' | 'dark' {
  return skin === 'semi-dark' ? 'dark' : 'light';
}
