/**
 * The web app lives on the library's public API: every name a file of web/ imports from src/ is
 * one that src/index.ts exports (the API report records them), whichever module the import names.
 * The app imports each from the module that defines it, not from src/index.ts, so that its
 * bundle holds only what it uses: through the index, Vite would also emit the walk's worker,
 * which the app never starts. The names are read with TypeScript's own parser.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = join(ROOT, 'web');
const INDEX = join(ROOT, 'src', 'index.ts');

/**
 * Every name src/index.ts exports, values and types. The index only hands names on
 * (`export { … } from`, `export * as`), so its own syntax lists them all; anything else in it
 * fails the test rather than be missed.
 */
function publicNames(): Set<string> {
  const source = ts.createSourceFile(INDEX, ts.sys.readFile(INDEX)!, ts.ScriptTarget.Latest);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) {
      throw new Error(
        `src/index.ts: a statement other than a re-export: ${statement.getText(source)}`,
      );
    }
    const clause = statement.exportClause;
    if (!clause) throw new Error('src/index.ts: `export *` hides which names it exports');
    if (ts.isNamespaceExport(clause)) names.add(clause.name.text);
    else for (const element of clause.elements) names.add(element.name.text);
  }
  return names;
}

/** `[file, module, name]` for each name a file of web/ imports from src/. */
function webImports(): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const entry of readdirSync(WEB, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    const source = ts.createSourceFile(path, ts.sys.readFile(path)!, ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const from = statement.moduleSpecifier;
      if (!from || !ts.isStringLiteral(from)) continue;
      const target = join(entry.parentPath, from.text);
      if (!target.startsWith(join(ROOT, 'src'))) continue;
      const file = relative(ROOT, path);
      const module = relative(ROOT, target);
      const bindings = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : statement.exportClause;
      if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) {
        // `import * as`, `export *`, a default or a bare import: all of a module, not names.
        found.push([file, module, '*']);
        continue;
      }
      for (const element of bindings.elements) {
        found.push([file, module, (element.propertyName ?? element.name).text]);
      }
    }
  }
  return found;
}

describe('the web app', () => {
  it('imports from src/ only names the public API exports', () => {
    const exported = publicNames();
    const imports = webImports();
    // The scan sees the app's imports: dozens of names, from the game to the trees.
    expect(imports.length).toBeGreaterThan(50);
    expect(imports.map(([, , name]) => name)).toEqual(
      expect.arrayContaining(['Game', 'searchedOptimal', 'gradeGuess']),
    );
    const internal = imports
      .filter(([, , name]) => !exported.has(name))
      .map(([file, module, name]) => `${file}: ${name} from ${module}`);
    expect(internal).toEqual([]);
  });

  it('is caught importing an internal name', () => {
    // The check can fail: the search's own class is not public.
    expect(publicNames().has('OptimalSearch')).toBe(false);
    expect(publicNames().has('searchedOptimal')).toBe(true);
  });
});
