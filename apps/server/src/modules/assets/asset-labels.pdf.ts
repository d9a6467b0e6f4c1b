import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';

/**
 * The PDF sheet of QR labels (issue 14): A4 pages of 3 × 8 labels of 70 × 37 mm, each with a QR code
 * of the asset's public URL drawn as vector squares, the asset ID in bold and the name (up to three
 * lines, the last cut with an ellipsis), and a link to the URL over the whole label.
 *
 * Fonts: Latin text (what the PDF's standard WinAnsi encoding covers) uses Helvetica, which every PDF
 * reader has; any other text uses Noto Sans Arabic (Arabic and Latin glyphs), embedded as a subset and
 * read from its npm package at run time. pdfkit shapes through fontkit, which lays out a right-to-left
 * run in visual order; the Unicode bidirectional algorithm (bidi-js) orders the runs of a mixed line.
 */

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 297 * MM };
const LABEL = { width: 70 * MM, height: 37 * MM, columns: 3, rows: 8 };
const PER_PAGE = LABEL.columns * LABEL.rows;
/** The grid is centred on the page. */
const MARGIN = {
  left: (PAGE.width - LABEL.columns * LABEL.width) / 2,
  top: (PAGE.height - LABEL.rows * LABEL.height) / 2,
};
const PADDING = 3 * MM;
const QR_SIZE = LABEL.height - 2 * PADDING;
/** The QR code's own quiet zone, in modules, inside its square (the label's padding adds to it). */
const QR_QUIET = 2;
const TEXT_GAP = 2 * MM;
const TEXT_WIDTH = LABEL.width - PADDING - QR_SIZE - TEXT_GAP - PADDING;
const ID_SIZE = 11;
const NAME_SIZE = 8.5;
const NAME_LINES = 3;
const ELLIPSIS = '…';

const require = createRequire(import.meta.url);
export const ARABIC_FONT = {
  name: 'NotoSansArabic-Regular',
  regular: () => require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
  bold: () => require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
};

export interface LabelAsset {
  id: string;
  asset_id: string;
  display_name: string;
}

/** The URL a label encodes: the asset's page in the web app. */
export function assetPublicUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/assets/${id}`;
}

/** What the PDF's standard fonts can write (Windows-1252). */
const WIN_ANSI =
  /^[\u0020-\u007e\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]*$/;
const RTL_STRONG = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

type Doc = PDFKit.PDFDocument;
type Bidi = ReturnType<typeof bidiFactory>;
let bidiInstance: Bidi | undefined;
const bidi = () => (bidiInstance ??= bidiFactory());

/** The runs of one line in visual order (left to right), each in logical order as fontkit shapes it. */
function visualRuns(line: string, direction: 'ltr' | 'rtl'): string[] {
  if (!RTL_STRONG.test(line)) return [line];
  const { levels } = bidi().getEmbeddingLevels(line, direction);
  const runs: { text: string; level: number }[] = [];
  let start = 0;
  for (let index = 1; index <= line.length; index++) {
    if (index === line.length || levels[index] !== levels[start]) {
      runs.push({ text: line.slice(start, index), level: levels[start] });
      start = index;
    }
  }
  // Rule L2: from the highest level to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 ? run.level : Infinity)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let index = 0; index < runs.length;) {
      if (runs[index].level < level) {
        index++;
        continue;
      }
      let end = index;
      while (end < runs.length && runs[end].level >= level) end++;
      runs.splice(index, end - index, ...runs.slice(index, end).reverse());
      index = end;
    }
  }
  return runs.map(({ text, level }) => {
    if (level % 2 === 0 || RTL_STRONG.test(text)) return text;
    // A right-to-left run of neutrals alone (spaces, punctuation): fontkit keeps it left to right.
    return Array.from(text, (char) => bidi().getMirroredCharacter(char) ?? char)
      .reverse()
      .join('');
  });
}

interface TextStyle {
  font: string;
  size: number;
}

function styleFor(text: string, bold: boolean, size: number): TextStyle {
  if (WIN_ANSI.test(text)) return { font: bold ? 'Helvetica-Bold' : 'Helvetica', size };
  return { font: bold ? 'arabic-bold' : 'arabic', size };
}

function widthOf(doc: Doc, style: TextStyle, text: string): number {
  return doc.font(style.font).fontSize(style.size).widthOfString(text);
}

/** The longest start of `text` that fits in `width` with an ellipsis after it (whole characters). */
function withEllipsis(doc: Doc, style: TextStyle, text: string, width: number): string {
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOf(doc, style, chars.slice(0, middle).join('').trimEnd() + ELLIPSIS) <= width) low = middle;
    else high = middle - 1;
  }
  return chars.slice(0, low).join('').trimEnd() + ELLIPSIS;
}

/** Breaks text into at most `maxLines` lines of `width` at spaces; what does not fit ends in an ellipsis. */
function fitLines(doc: Doc, style: TextStyle, text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let index = 0; index < words.length; index++) {
    const candidate = current ? `${current} ${words[index]}` : words[index];
    if (widthOf(doc, style, candidate) <= width || !current) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = words[index]!;
    if (lines.length === maxLines - 1) {
      current = words.slice(index).join(' ');
      break;
    }
  }
  if (current) lines.push(current);
  return lines.map((line) => (widthOf(doc, style, line) <= width ? line : withEllipsis(doc, style, line, width)));
}

/** Writes a line at (x, y) in `width`: right-aligned for right-to-left text, runs in visual order. */
function drawLine(doc: Doc, style: TextStyle, line: string, x: number, y: number, width: number, direction: 'ltr' | 'rtl') {
  doc.font(style.font).fontSize(style.size);
  const runs = visualRuns(line, direction);
  const total = runs.reduce((sum, run) => sum + doc.widthOfString(run), 0);
  let left = direction === 'rtl' ? x + width - total : x;
  for (const run of runs) {
    // pdfkit loses the spaces of a right-to-left run it writes whole: its words are written one by one.
    const pieces = RTL_STRONG.test(run) ? run.split(/( +)/).reverse() : [run];
    for (const piece of pieces) {
      if (piece && piece.trim()) doc.text(piece, left, y, { lineBreak: false });
      left += doc.widthOfString(piece);
    }
  }
}

function baseDirection(text: string): 'ltr' | 'rtl' {
  for (const char of text) {
    if (RTL_STRONG.test(char)) return 'rtl';
    if (/\p{L}/u.test(char)) return 'ltr';
  }
  return 'ltr';
}

function drawQr(doc: Doc, modules: { size: number; get(row: number, column: number): number | boolean }, x: number, y: number) {
  const cell = QR_SIZE / (modules.size + 2 * QR_QUIET);
  // One rectangle per run of dark modules in a row: a third of the drawing operators of one per module.
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      let end = column + 1;
      while (end < modules.size && modules.get(row, end)) end++;
      doc.rect(x + (column + QR_QUIET) * cell, y + (row + QR_QUIET) * cell, (end - column) * cell, cell);
      column = end;
    }
  }
  doc.fillColor('black').fill();
}

/** The PDF of labels, `PER_PAGE` to a page, in the order given. */
export async function labelSheet(items: readonly LabelAsset[], options: { publicUrl: string; title: string }): Promise<Buffer> {
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: options.title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (items.some((item) => !WIN_ANSI.test(item.asset_id) || !WIN_ANSI.test(item.display_name))) {
    doc.registerFont('arabic', ARABIC_FONT.regular());
    doc.registerFont('arabic-bold', ARABIC_FONT.bold());
  }

  for (const [index, item] of items.entries()) {
    const slot = index % PER_PAGE;
    if (slot === 0) {
      // A QR code takes some 2 ms (its eight masks are scored): 1,000 labels would hold the event loop for
      // seconds, so other requests get their turn between pages.
      if (index) await new Promise((resolve) => setImmediate(resolve));
      doc.addPage({ size: 'A4', margin: 0 });
    }
    const left = MARGIN.left + (slot % LABEL.columns) * LABEL.width;
    const top = MARGIN.top + Math.floor(slot / LABEL.columns) * LABEL.height;
    const url = assetPublicUrl(options.publicUrl, item.id);

    drawQr(doc, QRCode.create(url, { errorCorrectionLevel: 'M' }).modules, left + PADDING, top + PADDING);

    const textLeft = left + PADDING + QR_SIZE + TEXT_GAP;
    const idStyle = styleFor(item.asset_id, true, ID_SIZE);
    const nameStyle = styleFor(item.display_name, false, NAME_SIZE);
    const id = widthOf(doc, idStyle, item.asset_id) <= TEXT_WIDTH ? item.asset_id : withEllipsis(doc, idStyle, item.asset_id, TEXT_WIDTH);
    const nameLines = fitLines(doc, nameStyle, item.display_name, TEXT_WIDTH, NAME_LINES);
    const idHeight = doc.font(idStyle.font).fontSize(ID_SIZE).currentLineHeight();
    const nameHeight = doc.font(nameStyle.font).fontSize(NAME_SIZE).currentLineHeight();
    const blockHeight = idHeight + 1.5 * MM + nameLines.length * nameHeight;
    let y = top + (LABEL.height - blockHeight) / 2;
    doc.fillColor('black');
    drawLine(doc, idStyle, id, textLeft, y, TEXT_WIDTH, baseDirection(item.asset_id));
    y += idHeight + 1.5 * MM;
    const nameDirection = baseDirection(item.display_name);
    for (const line of nameLines) {
      drawLine(doc, nameStyle, line, textLeft, y, TEXT_WIDTH, nameDirection);
      y += nameHeight;
    }
    doc.link(left, top, LABEL.width, LABEL.height, url);
  }
  doc.end();
  return done;
}

export const LABELS_PER_PAGE = PER_PAGE;
