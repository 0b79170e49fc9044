import fs from 'node:fs';
import path from 'node:path';

const scripts = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));

/** Where the JavaScript files under `dir` still hold a character beyond ASCII: `file: context`. */
export function beyondAscii(dir: string): string[] {
  return scripts(dir).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/.{0,30}[\u0080-\uffff].{0,10}/g)].map(([context]) => `${path.relative(dir, file)}: ${context}`),
  );
}

/**
 * Rewrites every character beyond ASCII in the JavaScript files under `dir` as a `\u` escape.
 * V8 keeps a script's source in memory for as long as the script lives, at one byte per character
 * only while it can: one em dash in a bundled package's comment, or a curly quote in a regex
 * (esbuild escapes strings, not comments or regex literals), held the whole 2.7 MB main.js at two
 * bytes per character, and Node 24's module loader does so for any character beyond
 * ASCII (a `§` in a comment did it). The escape means the same in a string, a template, a regex, an
 * identifier and a comment; an identity escape (`\’`) becomes the escape itself. Columns after a
 * rewritten character on its line shift in the source map.
 */
export function escapeBeyondAscii(dir: string): void {
  for (const file of scripts(dir)) {
    const source = fs.readFileSync(file, 'utf8');
    const escaped = source.replace(/(\\*)([\u0080-\uffff])/g, (_, slashes: string, char: string) => {
      const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
      return kept + `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
    });
    if (escaped !== source) fs.writeFileSync(file, escaped);
  }
}
