/**
 * The barcode reader: barcode-detector's ponyfill over ZXing compiled to WebAssembly. The `.wasm` file
 * is part of Vigil's build (Vite's `?url` gives its hashed path) and is loaded from Vigil's own origin:
 * the library's default would fetch it from a public CDN, which the page's policy forbids and an
 * offline phone cannot reach. The same version as the ponyfill's JavaScript: barcode-detector pins
 * zxing-wasm exactly, and this imports that copy. Loaded on first use only (the scanner's chunk).
 */
import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export type ScanPurpose = 'qr' | 'barcode' | 'label';

/** What each scan looks for: QR codes; the usual one- and two-dimensional codes; an asset label (its QR code or a code printed under it). */
const FORMATS: Readonly<Record<ScanPurpose, BarcodeFormat[]>> = {
  qr: ['qr_code', 'micro_qr_code'],
  barcode: [
    'code_128',
    'code_39',
    'code_93',
    'codabar',
    'ean_13',
    'ean_8',
    'itf',
    'upc_a',
    'upc_e',
    'data_matrix',
    'pdf417',
    'aztec',
    'qr_code',
  ],
  label: ['qr_code', 'code_128', 'code_39', 'data_matrix'],
};

/** The URL the WASM is fetched from (Vigil's own). */
export const ZXING_WASM_URL: string = wasmUrl;

let prepared: Promise<unknown> | null = null;

/** Loads and compiles the reader from Vigil's origin, once per page. */
export function prepareReader(): Promise<unknown> {
  prepared ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path),
    },
    fireImmediately: true,
  }).catch((error: unknown) => {
    prepared = null;
    throw error;
  });
  return prepared;
}

/** A reader for one purpose, ready to read (the WASM compiled). */
export async function createReader(purpose: ScanPurpose): Promise<{ read: (source: Blob | HTMLVideoElement) => Promise<string | null> }> {
  await prepareReader();
  const detector = new BarcodeDetector({ formats: FORMATS[purpose] });
  return {
    read: async (source) => {
      const found = await detector.detect(source);
      const text = found.find((code) => code.rawValue.trim() !== '')?.rawValue;
      return text ?? null;
    },
  };
}
