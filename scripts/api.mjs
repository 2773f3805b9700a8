/**
 * The public API's two records, both generated from the entry points' declarations and TSDoc:
 * the API reports, etc/codebreaker.api.md for src/index.ts and etc/codebreaker-puzzles.api.md for
 * src/puzzles/index.ts (every exported signature, for review: a change to the public surface
 * shows as a change to these files), and the reference, docs/reference/ (Markdown, a page per
 * export).
 *
 *   node scripts/api.mjs check    fails if either record differs from what the source gives
 *                                 (`npm test` runs it, as `npm run api:check`)
 *   node scripts/api.mjs update   writes both (`npm run api:update`, also `npm run docs`)
 *
 * The declarations are emitted afresh into temp/api/ (not read from dist/, which may be older
 * than the source), API Extractor reads them (api-extractor.json) and fails on an export
 * without TSDoc, and API Documenter writes the Markdown from its model.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import extractor from '@microsoft/api-extractor';

const { Extractor, ExtractorConfig } = extractor;
const root = new URL('..', import.meta.url).pathname;
const temp = join(root, 'temp/api');
const reference = join(root, 'docs/reference');
const fix =
  'run `npm run api:update` and commit etc/codebreaker.api.md, etc/codebreaker-puzzles.api.md and docs/reference/';

const mode = process.argv[2];
if (mode !== 'check' && mode !== 'update') {
  console.error('usage: node scripts/api.mjs check|update');
  process.exit(2);
}
const update = mode === 'update';

rmSync(temp, { recursive: true, force: true });
// Declarations only, without checking types again (`--noCheck`: the same files, byte for byte,
// in half the time): `npm test` type-checks the same sources with the same settings beside it
// (tsconfig.api.json extends tsconfig.build.json, which extends tsconfig.json), and
// `npm run typecheck` does it alone.
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.api.json', '--noCheck'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

// The main entry point (its report and the reference's model), then `codebreaker/puzzles`
// (its report; the reference documents the puzzles under the main entry's `puzzles`).
for (const config of ['api-extractor.json', 'api-extractor.puzzles.json']) {
  const result = Extractor.invoke(ExtractorConfig.loadFileAndPrepare(join(root, config)), {
    localBuild: update,
  });
  if (!result.succeeded) {
    if (result.errorCount > 0) console.error('api: fix the errors above');
    if (result.apiReportChanged) console.error(`api: the public API changed: ${fix}`);
    process.exit(1);
  }
}

const documenter = join(root, 'node_modules/@microsoft/api-documenter/bin/api-documenter');
const written = update ? reference : join(temp, 'reference');
execFileSync(
  process.execPath,
  [documenter, 'markdown', '--input-folder', join(temp, 'model'), '--output-folder', written],
  { cwd: root, stdio: update ? 'inherit' : 'ignore' },
);
if (update) process.exit(0);

/** The files of a folder, by name, with their text. */
function filesOf(folder) {
  let names;
  try {
    names = readdirSync(folder).sort();
  } catch {
    names = [];
  }
  return new Map(names.map((name) => [name, readFileSync(join(folder, name), 'utf8')]));
}

const expected = filesOf(written);
const committed = filesOf(reference);
const stale = [...new Set([...expected.keys(), ...committed.keys()])].filter(
  (name) => expected.get(name) !== committed.get(name),
);
if (stale.length > 0) {
  const some = stale.slice(0, 5).join(', ');
  console.error(`api: docs/reference/ is out of date (${stale.length} pages: ${some}…): ${fix}`);
  process.exit(1);
}
