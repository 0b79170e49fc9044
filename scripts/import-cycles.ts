import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * Import cycles across src/, type-only and dynamic imports included. ESLint's
 * import-x/no-cycle skips `import type`, and a type-only circle still ties two modules' meaning
 * together; this follows every import the TypeScript compiler would, resolved with tsconfig.json.
 */

const root = path.resolve(import.meta.dirname, '..');

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  return ts.parseJsonConfigFileContent(config, ts.sys, root).options;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The module graph of `dir`: each file and the files of `dir` it imports, in any way. */
export function importGraph(dir: string): Map<string, string[]> {
  const options = compilerOptions();
  const files = sourceFiles(dir);
  const inside = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      return resolved && inside.has(path.resolve(resolved)) ? [path.resolve(resolved)] : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle (a strongly connected group of two or more files, or a file importing itself), as paths from the repo root. */
export function importCycles(dir: string): string[][] {
  const graph = importGraph(dir);
  // Tarjan's algorithm, iterative enough for a code base: recursion depth is the import depth
  let index = 0;
  const indices = new Map<string, number>();
  const lowLinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    indices.set(file, index);
    lowLinks.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!indices.has(target)) {
        visit(target);
        lowLinks.set(file, Math.min(lowLinks.get(file)!, lowLinks.get(target)!));
      } else if (onStack.has(target)) {
        lowLinks.set(file, Math.min(lowLinks.get(file)!, indices.get(target)!));
      }
    }
    if (lowLinks.get(file) !== indices.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || graph.get(file)?.includes(file)) cycles.push(group.map((member) => path.relative(root, member)).sort());
  };
  for (const file of graph.keys()) if (!indices.has(file)) visit(file);
  return cycles;
}
