/**
 * `npm run wasm`: compiles the WebAssembly kernels (src/search/*.wat, src/*.wat) into TypeScript modules
 * that hold the binary in base64 (their *-wasm.ts), so that the library needs no file of
 * its own at run time, in Node or in a browser. The modules are committed; a test compiles the
 * sources again and fails if a module is not current. `--check` only compares.
 */
import { readFile, writeFile } from 'node:fs/promises';
import wabtModule from 'wabt';

const KERNELS = [
  ['src/search/masks.wat', 'src/search/masks-wasm.ts', 'MASKS_WASM_BASE64'],
  ['src/search/masks.wat', 'src/search/masks-shared-wasm.ts', 'MASKS_SHARED_WASM_BASE64', true],
  ['src/scores.wat', 'src/scores-wasm.ts', 'SCORES_WASM_BASE64'],
  ['src/symmetry.wat', 'src/symmetry-wasm.ts', 'SYMMETRY_WASM_BASE64'],
  ['src/partitions.wat', 'src/partitions-wasm.ts', 'PARTITIONS_WASM_BASE64'],
  ['src/search/static-pairs.wat', 'src/search/static-pairs-wasm.ts', 'STATIC_PAIRS_WASM_BASE64'],
];

/**
 * `source` with the memory it imports (`(memory $memory …)`) declared shared: the same kernel
 * over one memory that several threads' instances use (search/masks.ts, shared tables).
 */
function sharedMemory(source, path) {
  const declared = /\(memory \$memory (\d+) (\d+)\)/;
  if (!declared.test(source)) throw new Error(`${path} imports no memory $memory with a maximum`);
  return source.replace(declared, '(memory $memory $1 $2 shared)');
}

/** The TypeScript module holding `source` (WebAssembly text) compiled, under `name`. */
export async function compiledModule(source, path, name, shared = false) {
  const wabt = await wabtModule();
  const text = shared ? sharedMemory(source, path) : source;
  const features = { simd: true, bulk_memory: true, threads: true };
  const parsed = wabt.parseWat(path, text, features);
  parsed.validate(features);
  const { buffer } = parsed.toBinary({ log: false, write_debug_names: false });
  parsed.destroy();
  const base64 = Buffer.from(buffer).toString('base64');
  return `// Generated from ${path.split('/').pop()} by \`npm run wasm\`: do not edit (a test checks it is current).
/** The WebAssembly binary, in base64. */
export const ${name} =
  '${base64}';
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  for (const [wat, out, name, shared] of KERNELS) {
    const module = await compiledModule(await readFile(wat, 'utf8'), wat, name, shared);
    if (check) {
      if ((await readFile(out, 'utf8')) !== module) {
        console.error(`${out} is not current: run npm run wasm`);
        process.exit(1);
      }
    } else {
      await writeFile(out, module);
    }
  }
}
