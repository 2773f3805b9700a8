/**
 * Where the command line's own files are, found from this module's address. It sits at the top
 * of cli/, as does the bundle that holds it once built (dist/cli/codebreaker.js), so a path from
 * here is the same from the sources, built and bundled, whichever folder asks: the worker
 * modules beside it, the built web app at dist/web.
 */

/** An address in the command line's top folder. */
export const CLI_HOME = import.meta.url;
