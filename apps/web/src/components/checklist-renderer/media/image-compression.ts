/**
 * Photos are made smaller in the browser before they are uploaded, to the question's quality preset
 * (spec 2: SD 480p, HD 720p, FHD 1080p, QHD 2K, default, custom, png): the longer side at most
 * the preset's width. browser-image-compression runs in a web worker that loads the library's own
 * script: its URL is served by Vigil (`?url`), never the library's default CDN.
 */
import libraryUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

const NORMAL = 1600;
/** The longer side of a photo, in pixels, per quality preset. */
export const QUALITY_MAX_SIDE: Readonly<Record<string, number>> = {
  normal: NORMAL,
  default: NORMAL,
  sd: 854,
  hd: 1280,
  fhd: 1920,
  qhd: 2560,
  png: 1920,
};

/** What the compression aims at: the longer side, and the type (PNG for the png preset, else JPEG). */
export function compressionTarget(options: { quality?: unknown; max_width?: unknown; max_height?: unknown }): {
  maxSide: number;
  type: 'image/jpeg' | 'image/png';
} {
  const quality = typeof options.quality === 'string' ? options.quality.toLowerCase() : 'normal';
  const custom = [options.max_width, options.max_height].filter((side): side is number => typeof side === 'number' && side > 0);
  const maxSide = quality === 'custom' && custom.length > 0 ? Math.max(...custom) : (QUALITY_MAX_SIDE[quality] ?? NORMAL);
  return { maxSide, type: quality === 'png' ? 'image/png' : 'image/jpeg' };
}

/** Images the browser can redraw; others (GIF animations, SVG, HEIC a browser cannot decode) go as they are. */
const COMPRESSIBLE = /^image\/(jpeg|png|webp|bmp)$/;

/** The photo at its preset's size; the file itself when it is not a photo, or when compressing fails. */
export async function compressPhoto(file: File, options: { quality?: unknown; max_width?: unknown; max_height?: unknown }): Promise<File> {
  if (!COMPRESSIBLE.test(file.type)) return file;
  const { maxSide, type } = compressionTarget(options);
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const compressed = await imageCompression(file, {
      maxWidthOrHeight: maxSide,
      fileType: type,
      initialQuality: 0.82,
      useWebWorker: true,
      libURL: new URL(libraryUrl, window.location.href).href,
    });
    const name = type === 'image/png' ? file.name.replace(/\.\w+$/, '.png') : file.name.replace(/\.\w+$/, '.jpg');
    return new File([compressed], name, { type, lastModified: file.lastModified });
  } catch {
    return file;
  }
}
