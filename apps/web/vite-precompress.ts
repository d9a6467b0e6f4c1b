import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest|wasm)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible build output once, at build
 * time, so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per
 * request.
 */
export function precompress(): Plugin {
  return {
    name: 'vigil-precompress',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const outputs = Object.values(bundle).filter((output) => COMPRESSIBLE.test(output.fileName));
      await Promise.all(
        outputs.map(async (output) => {
          const content = output.type === 'chunk' ? output.code : output.source;
          const bytes = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
          if (bytes.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          this.emitFile({ type: 'asset', fileName: `${output.fileName}.br`, source: br });
          this.emitFile({ type: 'asset', fileName: `${output.fileName}.gz`, source: gz });
        }),
      );
    },
  };
}
