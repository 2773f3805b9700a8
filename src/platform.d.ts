/**
 * The globals the core may use beyond ES2022: only those that Node 20, browsers and worker
 * threads all provide. tsconfig.core.json type-checks the core with neither Node nor DOM types,
 * so that anything else (`process`, `document`, `Buffer`, `node:` modules) is a type error there.
 * Only that program includes this file: the Node and web programs have the real declarations,
 * which these would shadow. Add a global here only if every one of those platforms has it.
 */

/** The WHATWG UTF-8 encoder: a global in Node since 11 and in every browser and worker. */
declare class TextEncoder {
  readonly encoding: string;
  encode(input?: string): Uint8Array;
}

/** Timers: globals in Node, every browser and every worker. */
declare function setTimeout(callback: (value?: unknown) => void, ms?: number): unknown;

/** The high-resolution clock, in milliseconds: a global in Node since 16, every browser and worker. */
declare const performance: { now(): number };

/** Base64 to a binary string: a global in Node since 16 and in every browser and worker. */
declare function atob(data: string): string;

/** The WHATWG URL, the part the core uses: a global in Node since 10 and in every browser. */
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly href: string;
}

/** A module's own address: ES modules have it in Node, browsers and workers alike. */
interface ImportMeta {
  readonly url: string;
}
