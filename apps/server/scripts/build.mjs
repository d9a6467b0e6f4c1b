// Bundles the server into dist/main.mjs: `npm start` then loads one compiled file instead of compiling
// some 230 TypeScript files and resolving some 700 files of packages (ADR 0003). Tests run the sources.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = fileURLToPath(new URL('..', import.meta.url));

/**
 * Packages that stay in node_modules and load from there: native or WebAssembly code, packages that
 * read their own files at run time, and the big ones the server loads only when a feature needs them.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  'pg',
  'pg-native',
  'pino',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'exceljs',
  '@aws-sdk/client-s3',
  '@node-saml/node-saml',
  'nodemailer',
  'qrcode',
  'pdfkit',
  'file-type',
  'playwright-core',
];
const isExternal = (path) => EXTERNAL.some((name) => path === name || path.startsWith(`${name}/`));

rmSync(`${server}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: server,
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS packages `require` Node's modules and the external packages.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [
    {
      name: 'external-packages',
      setup(context) {
        context.onResolve({ filter: /^[^./]/ }, ({ path }) => (isExternal(path) ? { path, external: true } : undefined));
      },
    },
  ],
});
