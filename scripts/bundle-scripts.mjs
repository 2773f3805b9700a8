/**
 * Bundles the campaign scripts (scripts/campaign.ts and the refutation it runs, scripts/depth-
 * refutation.ts) each into one ES module, dist/scripts/NAME.mjs, with the library's sources they
 * import; the packages they use stay in node_modules. `npm run campaign` runs the bundle, as the
 * tests do. Run through tsx, a script starts some 0.75 s of CPU later (tsx's loader resolves and
 * loads each of its 137 modules on a thread of its own) and each of its worker threads
 * 0.9 s later; the campaigns start the refutation, and the tests both, dozens of times
 * (docs/performance.md). `npx tsx scripts/NAME.ts` runs the same sources and stays the way to
 * run a script after editing it without a build. Run by `npm run build`, and by the tests' setup
 * when a source is newer than the bundle.
 */
import { build } from 'esbuild';

/** The scripts bundled (dist/scripts/NAME.mjs). */
const SCRIPTS = ['campaign', 'depth-refutation'];

await build({
  entryPoints: SCRIPTS.map((name) => `scripts/${name}.ts`),
  outdir: 'dist/scripts',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
