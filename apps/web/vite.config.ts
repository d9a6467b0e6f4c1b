import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PUBLIC_NAMESPACES } from './src/lib/public-namespaces.ts';
import { precompress } from './vite-precompress.ts';

/** Libraries that change rarely get their own long-cached chunks; antd stays split per page. */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
];

const LOCALE_FILE = /[\\/]src[\\/]locales[\\/](en|fr|de|ar)[\\/]([\w-]+)\.json$/;

/**
 * A language's wording in two files, the public pages' and the rest, instead of one per namespace: a signed-in
 * screen needs every namespace at once, and a browser without HTTP/2 fetches six files at a time.
 */
const LOCALE_GROUP = {
  name: (id: string) => {
    const [, language, namespace] = LOCALE_FILE.exec(id) ?? [];
    if (!language || !namespace) return null;
    return PUBLIC_NAMESPACES.includes(namespace) ? `locale-public-${language}` : `locale-${language}`;
  },
  test: LOCALE_FILE,
};

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [...VENDOR_GROUPS, LOCALE_GROUP] } } },
  },
});
