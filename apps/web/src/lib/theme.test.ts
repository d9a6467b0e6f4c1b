import { SKINS } from '@vigil/contracts';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { themeConfigFor } from './theme.ts';

/** WCAG 2 contrast ratio of two opaque `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const c = parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const expand = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);

describe.each(SKINS)('the %s skin', (skin) => {
  const config = themeConfigFor(skin);
  const token = theme.getDesignToken(config);

  it('writes danger text (small red buttons, red menu items, field errors) at 4.5:1 or more', () => {
    expect(contrast(token.colorError, token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorError, token.colorBgElevated)).toBeGreaterThanOrEqual(4.5);
  });

  it("writes the selected tab's label at 4.5:1 or more", () => {
    expect(contrast(config.components?.Tabs?.itemSelectedColor ?? token.colorPrimary, token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
  });

  it('writes the text of red-filled buttons at 4.5:1 or more', () => {
    const onRed = expand(config.components?.Button?.dangerColor ?? token.colorTextLightSolid);
    expect(contrast(onRed, token.colorError)).toBeGreaterThanOrEqual(4.5);
  });
});

describe.each(SKINS)('the %s skin for someone who asked for less motion', (skin) => {
  it('turns antd animations off and keeps the colours', () => {
    const moving = theme.getDesignToken(themeConfigFor(skin));
    const still = theme.getDesignToken(themeConfigFor(skin, true));
    expect(moving.motion).toBe(true);
    expect(still.motion).toBe(false);
    expect(still.colorPrimary).toBe(moving.colorPrimary);
    expect(still.colorError).toBe(moving.colorError);
  });
});
