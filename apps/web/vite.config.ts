import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PUBLIC_NAMESPACES } from './src/lib/public-namespaces.ts';
import { precompress } from './vite-precompress.ts';

/*
 * How the build splits the code. Vigil is served without HTTP/2 (a browser fetches six files at a time from it),
 * and a phone with a slow CPU spends time on every module script it takes in: a cold open of the inspection screen
 * asked for 150 files before these groups, 50 after (bench:inspection-screen, bench:weight).
 */

/** Libraries that change rarely get their own long-cached chunks. */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
];

/** Everything else the entry imports statically loads with every page anyway: one file with the entry. */
const INITIAL_GROUP = { name: 'initial', tags: ['$initial' as const] };

/**
 * antd and its parts load with the pages that use them, grouped by the pages that share them, and a group smaller
 * than this is merged into its nearest neighbour: a page takes a little code it does not run instead of one more
 * file for each few components (this size keeps the login page's scripts within issue 12.4's budget).
 */
const UI_MERGE_BYTES = 30_000;
const UI_GROUP = {
  name: 'ui',
  test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@babel[\\/]runtime|classnames|dayjs)[\\/]/,
  entriesAware: true,
  entriesAwareMergeThreshold: UI_MERGE_BYTES,
};

const LOCALE_FILE = /[\\/]src[\\/]locales[\\/](en|fr|de|ar)[\\/]([\w-]+)\.json$/;

/** A language's wording in two files, the public pages' and the rest: a signed-in screen needs every namespace at once. */
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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [...VENDOR_GROUPS, INITIAL_GROUP, UI_GROUP, LOCALE_GROUP] },
        // A `ui` group's name lists every page that shares it.
        chunkFileNames: (chunk) => (chunk.name.startsWith('ui~') ? 'assets/ui-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
