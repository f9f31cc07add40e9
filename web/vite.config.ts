// The web app's build (docs/web-app.md): Preact with Oxc's JSX transform, hashed assets under /assets/, and every
// text asset also precompressed (.gz, .br) for the server to send as it is (src/plugins/web-app.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const precompress = (): Plugin => ({
  name: 'zeitkonto-precompress',
  apply: 'build',
  writeBundle(options) {
    const dir = options.dir!;
    const walk = (d: string): string[] =>
      fs
        .readdirSync(d, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
    for (const file of walk(dir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
      const raw = fs.readFileSync(file);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  },
});

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  // The typed client's sources: its types are erased, so the build needs neither its generated schema nor its build.
  resolve: { alias: { '@zeitkonto/client': path.join(import.meta.dirname, '../clients/typescript/src/index.ts') } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', target: 'es2022' },
  plugins: [precompress()],
  logLevel: 'warn',
});
