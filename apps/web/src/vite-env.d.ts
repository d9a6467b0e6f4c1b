/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** en | fr | de | ar; the language before the user picks one. */
  readonly VITE_DEFAULT_LANGUAGE?: string;
  /** Where "contact sales" and "try for free" write to. */
  readonly VITE_SALES_EMAIL?: string;
}
