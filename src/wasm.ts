/**
 * The WebAssembly kernels' common ground: compiling one from the base64 its generated module
 * holds (`npm run wasm`), once, or knowing it cannot run here.
 */

/**
 * The part of the WebAssembly global the kernels use, declared here: the core is type-checked
 * without the DOM's declarations, and Node's have none.
 */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports?: object) => { readonly exports: object };
  Memory: new (limits: {
    initial: number;
    maximum?: number;
    shared?: boolean;
  }) => KernelMemory;
  validate(bytes: Uint8Array): boolean;
}

/** The memory a kernel exports. */
export interface KernelMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

const wasm = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;

/**
 * The module whose binary `base64` holds, compiled; null where WebAssembly or the SIMD the
 * kernels use is missing, or compiling is not allowed (a page whose content security policy
 * forbids it). Callers keep the result: compiling is done once per process.
 */
export function compileKernel(base64: string): object | null {
  const bytes = decodeBase64(base64);
  try {
    return wasm?.validate(bytes) ? new wasm.Module(bytes) : null;
  } catch {
    return null;
  }
}

/**
 * The bytes `base64` encodes: by Node's Buffer where there is one (native, where `atob` and a
 * loop would run cold in a fresh process), else by `atob`.
 */
function decodeBase64(base64: string): Uint8Array {
  const buffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array } })
    .Buffer;
  if (buffer) return buffer.from(base64, 'base64');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * A new instance of a module `compileKernel` returned: with its own memory, or with the
 * `imports` a kernel that imports its memory needs.
 */
export function instantiateKernel<Exports>(module: object, imports?: object): Exports {
  return new (wasm as WebAssemblyApi).Instance(module, imports).exports as Exports;
}

/** Grows `memory` to at least `bytes`. */
export function growTo(memory: KernelMemory, bytes: number): void {
  const pages = Math.ceil(bytes / 65536) - memory.buffer.byteLength / 65536;
  if (pages > 0) memory.grow(pages);
}

/** The most pages a kernel's memory may grow to (4 GiB, as the kernels declare). */
const MAX_PAGES = 65536;

/**
 * A new WebAssembly memory of `bytes` (rounded up to whole pages) for a kernel that imports its
 * memory: shared between threads with `shared` (then of that size for good), or undefined where
 * shared memory is not allowed (a page that is not cross-origin isolated).
 */
export function newKernelMemory(bytes: number, shared = false): KernelMemory | undefined {
  const pages = Math.ceil(bytes / 65536);
  if (!wasm || pages > MAX_PAGES) return undefined;
  try {
    return new wasm.Memory({ initial: pages, maximum: shared ? pages : MAX_PAGES, shared });
  } catch {
    return undefined;
  }
}
