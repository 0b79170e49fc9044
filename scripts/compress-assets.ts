/** Writes .br and .gz beside every text asset of the built SPA, served by @fastify/static's preCompressed. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? path.join(process.env.DIST_DIR ?? 'dist', 'client'));
const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of walk(root)) {
  // index.html is rewritten per request (public config), so it is compressed on the fly instead
  if (path.basename(file) === 'index.html') continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count++;
}
console.log(`compressed ${count} assets in ${path.relative(process.cwd(), root)}`);
