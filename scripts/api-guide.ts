/**
 * Keeps docs/api.md, the library guide, and the README's section on it the same text as the
 * examples they teach from. A document marks each quoted file with
 * `<!-- file: examples/05-analyze.ts -->` and each recorded output with
 * `<!-- output: examples/05-analyze.ts -->`, each followed by a fenced block; this script writes
 * the files and their outputs into those blocks, and test/examples.test.ts fails when a document
 * differs from what it would write. Run it after changing an example: `npm run docs:api`.
 *
 * An example is run the way a user would run it, importing the package by its name: Node
 * resolves `codebreaker` from inside the project through the package's own `exports`, to the
 * build in dist/ (run `npm run build` first; `npm ci` does).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = join(import.meta.dirname, '..');
/** The documents that quote the examples. */
export const GUIDES = ['README.md', 'docs/api.md'];
/** A marker and the fenced block after it. */
const BLOCK = /<!-- (file|output): (\S+) -->\n```(\w*)\n([\s\S]*?)```\n/g;

/** The Node examples, `examples/NN-name.ts`, in order. */
export async function exampleFiles(): Promise<string[]> {
  const names = await readdir(join(ROOT, 'examples'));
  return names
    .filter((name) => /^\d\d-[\w-]+\.ts$/.test(name))
    .sort()
    .map((name) => `examples/${name}`);
}

/** What an example printed. */
export interface ExampleRun {
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs an example (a path from the root) with tsx, in `cwd`, where the files it writes go. */
export async function runExample(file: string, cwd: string): Promise<ExampleRun> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['--import', tsx, join(ROOT, file)],
    { cwd, maxBuffer: 1 << 24 },
  );
  return { stdout, stderr };
}

/**
 * The text of the block a document marks `<!-- kind: file -->`, whatever the kind: `file`,
 * `output`, or `page` (what the browser example's page shows, checked by test/installed.test.ts).
 */
export function quotedBlock(document: string, kind: string, file: string): string | undefined {
  for (const m of document.matchAll(/<!-- (\w+): (\S+) -->\n```\w*\n([\s\S]*?)```\n/g)) {
    if (m[1] === kind && m[2] === file) return m[3].trimEnd();
  }
  return undefined;
}

/** Every marker of the guide: which file it names, and whether it quotes it or its output. */
export function guideMarkers(guide: string): { kind: 'file' | 'output'; file: string }[] {
  return [...guide.matchAll(BLOCK)].map((m) => ({ kind: m[1] as 'file' | 'output', file: m[2] }));
}

/** A document with every marked block filled from `files` (path → text) and `outputs` (path → stdout). */
export function renderGuide(
  guide: string,
  files: ReadonlyMap<string, string>,
  outputs: ReadonlyMap<string, string>,
): string {
  return guide.replace(BLOCK, (_, kind: string, file: string, language: string) => {
    const text = (kind === 'file' ? files : outputs).get(file);
    if (text === undefined) throw new Error(`${file}'s ${kind} is quoted but not known`);
    return `<!-- ${kind}: ${file} -->\n\`\`\`${language}\n${text.trimEnd()}\n\`\`\`\n`;
  });
}

/** Reads every file the documents quote, and runs every example whose output they record. */
export async function guideSources(
  documents: readonly string[],
): Promise<{ files: Map<string, string>; outputs: Map<string, string> }> {
  const markers = documents.flatMap(guideMarkers);
  const files = new Map<string, string>();
  for (const { file } of markers.filter((m) => m.kind === 'file')) {
    files.set(file, await readFile(join(ROOT, file), 'utf8'));
  }
  const outputs = new Map<string, string>();
  const cwd = await mkdtemp(join(tmpdir(), 'codebreaker-guide-'));
  try {
    for (const { file } of markers.filter((m) => m.kind === 'output')) {
      if (!outputs.has(file)) outputs.set(file, (await runExample(file, cwd)).stdout);
    }
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
  return { files, outputs };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const documents = await Promise.all(GUIDES.map((path) => readFile(join(ROOT, path), 'utf8')));
  const { files, outputs } = await guideSources(documents);
  for (const [i, path] of GUIDES.entries()) {
    const written = renderGuide(documents[i], files, outputs);
    await writeFile(join(ROOT, path), written);
    console.log(`${path}: ${written === documents[i] ? 'unchanged' : 'rewritten'}`);
  }
}
