/**
 * The core (src/ but src/cli/ and the tests) runs in the CLI, in worker threads and in the
 * browser, so it may import neither Node nor the DOM. tsconfig.core.json checks that with types;
 * this test checks the text, so that a `/// <reference types="node" />` or a dependency that drags
 * the Node types in cannot hide a use. The scanner blanks comments, strings and regular
 * expressions (roughly, but never across a line where a string or a regex could not go), then
 * looks for Node imports and for the Node and DOM globals.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FORBIDDEN_GLOBALS = [
  'process',
  'document',
  'window',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
] as const;
const GLOBAL_OBJECTS = new Set(['globalThis', 'self', 'global', 'window']);
const REGEX_AFTER_WORD = new Set(
  'return typeof instanceof in of new delete void throw case do else yield await'.split(' '),
);
const BUILTINS = new Set(builtinModules);

/** A violation: the 1-based line and what is wrong there. */
interface Violation {
  line: number;
  what: string;
}

/**
 * Two copies of the source, the same length and line for line: `code` with comments, strings,
 * template text and regexes blanked (quotes kept), `literals` with only comments and regexes
 * blanked, so that an import's module name can be read where `code` shows the keyword.
 */
function maskSource(text: string): { code: string; literals: string } {
  const code: string[] = [];
  const literals: string[] = [];
  const blank = (ch: string) => (ch === '\n' ? '\n' : ' ');
  // The last character of code, to tell a regex from a division.
  let last = '';
  const emit = (ch: string, inCode: string, inLiterals: string) => {
    code.push(inCode);
    literals.push(inLiterals);
    if (inCode !== ' ' && inCode !== '\n' && inCode !== '\t' && inCode !== '\r') last = ch;
  };
  // Open `${` substitutions: the brace depth inside each, innermost last.
  const templates: number[] = [];
  let i = 0;
  const previousWord = () => /[\w$]+$/.exec(code.slice(-40).join('').trimEnd())?.[0] ?? '';
  const scanTemplateText = () => {
    // From just after a backquote or a closing `}`, to after the closing backquote or `${`.
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '\\') {
        emit(ch, ' ', ch);
        if (i + 1 < text.length) emit(text[i + 1]!, blank(text[i + 1]!), text[i + 1]!);
        i += 2;
      } else if (ch === '`') {
        emit(ch, '`', '`');
        i++;
        return;
      } else if (ch === '$' && text[i + 1] === '{') {
        emit('$', '$', '$');
        emit('{', '{', '{');
        templates.push(0);
        i += 2;
        return;
      } else {
        emit(ch, blank(ch), ch);
        i++;
      }
    }
  };
  while (i < text.length) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (ch === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') {
        code.push(' ');
        literals.push(' ');
        i++;
      }
    } else if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; i++) {
        code.push(blank(text[i]!));
        literals.push(blank(text[i]!));
      }
    } else if (ch === "'" || ch === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== ch && text[end] !== '\n') {
        end += text[end] === '\\' && text[end + 1] !== '\n' ? 2 : 1;
      }
      emit(ch, ch, ch);
      for (let j = i + 1; j < end && j < text.length; j++)
        emit(text[j]!, blank(text[j]!), text[j]!);
      if (text[end] === ch) emit(ch, ch, ch);
      i = text[end] === ch ? end + 1 : end;
    } else if (ch === '`') {
      emit(ch, '`', '`');
      i++;
      scanTemplateText();
    } else if (ch === '{' && templates.length > 0) {
      templates[templates.length - 1]!++;
      emit(ch, ch, ch);
      i++;
    } else if (ch === '}' && templates.length > 0 && templates[templates.length - 1] === 0) {
      templates.pop();
      emit(ch, '}', '}');
      i++;
      scanTemplateText();
    } else if (ch === '}' && templates.length > 0) {
      templates[templates.length - 1]!--;
      emit(ch, ch, ch);
      i++;
    } else if (ch === '/' && startsRegex(last, previousWord)) {
      const end = regexEnd(text, i);
      if (end < 0) {
        emit(ch, ch, ch);
        i++;
      } else {
        emit('/', '/', '/');
        for (let j = i + 1; j < end - 1; j++) emit(text[j]!, ' ', ' ');
        emit('/', '/', '/');
        i = end;
      }
    } else {
      emit(ch, ch, ch);
      i++;
    }
  }
  return { code: code.join(''), literals: literals.join('') };
}

/** Whether a `/` after `last` (the previous character of code) opens a regex, not a division. */
function startsRegex(last: string, previousWord: () => string): boolean {
  if (last === '' || '(,=:[!&|?{};+-*%<>~^'.includes(last)) return true;
  if (/[\w$]/.test(last)) return REGEX_AFTER_WORD.has(previousWord());
  return false;
}

/** The index after the regex literal opened at `start`, or -1 if none closes on its line. */
function regexEnd(text: string, start: number): number {
  let inClass = false;
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') return -1;
    if (ch === '\\') i++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) {
      let end = i + 1;
      while (end < text.length && /[a-z]/.test(text[end]!)) end++;
      return end;
    }
  }
  return -1;
}

/** Whether a module name is Node's: `node:...`, or a builtin such as `fs` or `fs/promises`. */
function isNodeModule(name: string): boolean {
  return name.startsWith('node:') || BUILTINS.has(name) || BUILTINS.has(name.split('/')[0]!);
}

/** Every import of a Node module and every use of a Node or DOM global in one source text. */
function findPlatformUses(text: string): Violation[] {
  const { code, literals } = maskSource(text);
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const found: { index: number; what: string }[] = [];

  for (const match of text.matchAll(/^[ \t]*\/\/\/[ \t]*<reference\b[^>]*>/gm)) {
    found.push({ index: match.index, what: `triple-slash directive ${match[0].trim()}` });
  }

  const imports = /(?<![\w$.])(from|import|require)(\s*\(?\s*)(['"`])([^'"`\n]*)\3/g;
  for (const match of literals.matchAll(imports)) {
    const [, keyword, , , name] = match;
    if (code.slice(match.index, match.index + keyword!.length) !== keyword) continue;
    if (isNodeModule(name!)) found.push({ index: match.index, what: `imports '${name}'` });
  }

  const globals = new RegExp(`(?<![\\w$])(${FORBIDDEN_GLOBALS.join('|')})(?![\\w$])`, 'g');
  for (const match of code.matchAll(globals)) {
    const name = match[1]!;
    const before = code.slice(0, match.index).trimEnd();
    const after = code.slice(match.index + name.length).trimStart();
    if (before.endsWith('.') && !before.endsWith('...')) {
      const owner = /([\w$]+)\s*\??\.$/.exec(before)?.[1] ?? '';
      if (!GLOBAL_OBJECTS.has(owner)) continue;
    } else if (/^\??:/.test(after) && !before.endsWith('?') && !/\bcase$/.test(before)) {
      continue;
    }
    found.push({ index: match.index, what: `uses the global '${name}'` });
  }

  return found
    .sort((a, b) => a.index - b.index)
    .map(({ index, what }) => ({ line: lineAt(index), what }));
}

/** The core's source files, as paths relative to the project root. */
function coreFiles(): string[] {
  const src = join(ROOT, 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((path) => relative(ROOT, join(src, path)).split('\\').join('/'))
    .filter((path) => /\.[cm]?tsx?$/.test(path))
    .filter((path) => !path.startsWith('src/cli/') && !/\.test\.[cm]?tsx?$/.test(path))
    .sort();
}

describe('the core imports neither Node nor the DOM', () => {
  it('finds core files to check', () => {
    expect(coreFiles()).toContain('src/index.ts');
    expect(coreFiles().some((path) => path.startsWith('src/cli/'))).toBe(false);
  });

  it('has no Node import and no Node or DOM global in any core file', () => {
    const violations = coreFiles().flatMap((path) =>
      findPlatformUses(readFileSync(join(ROOT, path), 'utf8')).map(
        ({ line, what }) => `${path}:${line}: ${what}`,
      ),
    );
    expect(violations).toEqual([]);
  });
});

describe('the scanner', () => {
  const offending: [string, string, string[]][] = [
    ['a node: import', "import { readFileSync } from 'node:fs';", ["1: imports 'node:fs'"]],
    [
      'a type-only import',
      'import type { Worker } from "node:worker_threads";',
      ["1: imports 'node:worker_threads'"],
    ],
    ['a bare builtin', "import os from 'os';", ["1: imports 'os'"]],
    ['a builtin subpath', "export { readFile } from 'fs/promises';", ["1: imports 'fs/promises'"]],
    ['a side-effect import', "import 'worker_threads';", ["1: imports 'worker_threads'"]],
    ['a dynamic import', "const fs = await import('node:fs');", ["1: imports 'node:fs'"]],
    ['a template import', 'await import(`node:os`);', ["1: imports 'node:os'"]],
    ['process.env', 'const x = 1;\nconst depth = process.env.X;', ["2: uses the global 'process'"]],
    [
      'the DOM',
      'document.title = window.name;',
      ["1: uses the global 'document'", "1: uses the global 'window'"],
    ],
    ['Buffer', "const bytes = Buffer.from('x');", ["1: uses the global 'Buffer'"]],
    ['require', "const fs = require('fs');", ["1: uses the global 'require'", "1: imports 'fs'"]],
    ['__dirname', 'const here = __dirname;', ["1: uses the global '__dirname'"]],
    ['globalThis.process', 'globalThis.process.exit(1);', ["1: uses the global 'process'"]],
    ['a substitution', 'const s = `depth ${process.argv[2]}`;', ["1: uses the global 'process'"]],
    ['a type query', 'type P = typeof process;', ["1: uses the global 'process'"]],
    ['a ternary', 'const w = ok ? window : undefined;', ["1: uses the global 'window'"]],
    ['code after a regex', "const r = /'/;\nprocess.exit();", ["2: uses the global 'process'"]],
    [
      'a reference directive',
      '/// <reference types="node" />',
      ['1: triple-slash directive /// <reference types="node" />'],
    ],
  ];
  it.each(offending)('fails on %s', (_name, source, expected) => {
    const found = findPlatformUses(source).map(({ line, what }) => `${line}: ${what}`);
    expect(found.sort()).toEqual([...expected].sort());
  });

  const clean: [string, string][] = [
    ['a line comment', '// reads process.env.X in the CLI, not here\nconst x = 1;'],
    ['a block comment', "/* import { join } from 'node:path'; document.body */\nconst x = 1;"],
    ['a doc comment', '/**\n * Runs in-process or in a worker; no window, no Buffer.\n */'],
    ['a string', "const help = 'set process.env.DEPTH or open a window';"],
    ['template text', 'const help = `from the window ${depth} of the process`;'],
    ['a local import', "import { score } from './feedback.js';"],
    ['a package that is no builtin', "import { Command } from 'commander';"],
    ['a property', 'const n = job.process + rules.window;'],
    ['an optional property', 'const n = job?.process;'],
    ['an object key', 'const options = { window: 3, process: true };'],
    ['a type member', 'interface Job {\n  window?: number;\n  process: string;\n}'],
    ['a longer name', 'const processed = windowSize + requireAll + myBuffer;'],
    ['a regex', 'const quote = /[\'"`]/g;\nconst x = a / b / c;'],
    ['an import word in a string', 'const s = "from \'node:fs\'";'],
  ];
  it.each(clean)('passes %s', (_name, source) => {
    expect(findPlatformUses(source)).toEqual([]);
  });
});
