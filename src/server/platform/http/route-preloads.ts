import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The route module for a path, by the naming convention of src/client/routes ('/order/confirm' -> order-confirm). */
function routeModule(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return `routes/${trimmed === '' ? 'home' : trimmed.slice(1).replaceAll('/', '-')}.tsx`;
}

/**
 * `<link rel="modulepreload">` tags for the page's own chunk and its imports, so the browser
 * fetches them in parallel with the entry instead of discovering them one after another.
 * Built once from Vite's manifest; an unknown path gets none.
 */
export function routePreloads(clientDir: string): (pathname: string) => string {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  const entryFiles = new Set<string>();
  const collect = (key: string, into: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach((dep) => collect(dep, into, css));
  };
  collect('index.html', entryFiles, new Set());

  const cache = new Map<string, string>();
  return (pathname) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(routeModule(pathname)));
    if (!key) return '';
    let tags = cache.get(key);
    if (tags === undefined) {
      const files = new Set<string>();
      const css = new Set<string>();
      collect(key, files, css);
      tags = [
        ...[...files].filter((file) => !entryFiles.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ].join('');
      cache.set(key, tags);
    }
    return tags;
  };
}
