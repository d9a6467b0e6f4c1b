const WHITE = '#fff';
const NEAR_BLACK = 'rgba(0, 0, 0, 0.88)';

/** WCAG relative luminance of a `#rgb` or `#rrggbb` colour; null for anything else. */
function luminance(hex: string): number | null {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!digits) return null;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [red = 0, green = 0, blue = 0] = [0, 2, 4].map((start) => {
    const channel = parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/**
 * White or near-black text, whichever reads better on `background`: response colours are the customer's choice,
 * so a label on one must not depend on the colour being dark. White where the colour cannot be read.
 */
export function readableTextOn(background: string): string {
  const light = luminance(background);
  if (light === null) return WHITE;
  const onWhite = 1.05 / (light + 0.05);
  const onBlack = (light + 0.05) / 0.05;
  return onWhite >= onBlack ? WHITE : NEAR_BLACK;
}
