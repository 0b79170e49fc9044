import fs from 'node:fs';
import path from 'node:path';

/**
 * What a built ES module loads when imported: the files it reaches through static `import`
 * statements (relative ones, followed), and the bare specifiers (packages, node: built-ins) they name.
 */
export function staticImports(dir: string, entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    // `import x from "y"`, `import { a } from "./chunk.js"`, `import "y"`: whole statements only
    for (const [, specifier] of source.matchAll(/^import\s+(?:[^'"]*?\s+from\s*)?["']([^"']+)["'];?$/gm)) {
      if (specifier!.startsWith('.')) visit(path.relative(dir, path.resolve(dir, path.dirname(file), specifier!)));
      else packages.add(specifier!);
    }
  };
  visit(entry);
  return { files, packages };
}
