/** What the info editor offers (spec 2 §2); the server's sanitiser allows exactly these. */
export const RICH_TEXT_FONTS = ['Arial', 'Georgia', 'Impact', 'Tahoma', 'Times New Roman', 'Verdana'] as const;
export const RICH_TEXT_SIZES = [8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 60, 72, 96] as const;
export const RICH_TEXT_BLOCKS = ['paragraph', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'code'] as const;
export type RichTextBlock = (typeof RICH_TEXT_BLOCKS)[number];
/** Accepted picks; SVG is turned into PNG in the browser before upload (see svg-to-png.ts). */
export const RICH_TEXT_IMAGE_ACCEPT = '.gif,.jpeg,.jpg,.png,.svg,image/gif,image/jpeg,image/png,image/svg+xml';
const IMAGE_EXTENSIONS = /\.(gif|jpe?g|png|svg)$/i;

export function isAcceptedImage(file: { name: string; type: string }): boolean {
  return IMAGE_EXTENSIONS.test(file.name) && ['image/gif', 'image/jpeg', 'image/png', 'image/svg+xml'].includes(file.type);
}

export const isSvg = (file: { name: string; type: string }) => file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);
