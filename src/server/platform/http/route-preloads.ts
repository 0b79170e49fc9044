import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@shared/languages';
import { routeModuleOf } from '@shared/routes';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * `<link rel="modulepreload">` tags for the page's own chunk and its imports, and for the shared
 * texts (`common`) in the visitor's language, which the app waits for before its first render: the
 * browser fetches them in parallel with the entry instead of discovering them one after another.
 * Built once from Vite's manifest; an unknown path gets only the texts.
 */
export function routePreloads(clientDir: string): (pathname: string, language: Language) => string {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  const entryFiles = new Set<string>();
  // index.html links the entry's stylesheet itself: a page whose chunk imports the entry must not link it again
  const entryCss = new Set<string>();
  const collect = (key: string, into: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach((dep) => collect(dep, into, css));
  };
  collect('index.html', entryFiles, entryCss);

  const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
  const texts = (language: Language) => {
    const chunk = manifest[`locales/${language}/common.json`];
    return chunk ? preload(chunk.file) : '';
  };
  const cache = new Map<string, string>();
  return (pathname, language) => {
    const name = routeModuleOf(pathname);
    const module = name && `routes/${name}.tsx`;
    const key = module && Object.keys(manifest).find((k) => k.endsWith(module));
    if (!key) return texts(language);
    let tags = cache.get(key);
    if (tags === undefined) {
      const files = new Set<string>();
      const css = new Set<string>();
      collect(key, files, css);
      tags = [
        ...[...files].filter((file) => !entryFiles.has(file)).map(preload),
        ...[...css].filter((file) => !entryCss.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ].join('');
      cache.set(key, tags);
    }
    return texts(language) + tags;
  };
}
