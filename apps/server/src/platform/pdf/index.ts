/** PDFs printed from the application's own pages by headless Chromium (docs/operations.md "PDF reports"). */
export {
  BrowserUnavailableError,
  createPdfPrinter,
  PrintFailedError,
  READY_ATTRIBUTE,
  type PdfPrinter,
  type PrintRequest,
} from './pdf-browser.ts';
