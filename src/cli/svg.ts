/**
 * SVG drawings through Graphviz compiled to WebAssembly (@hpcc-js/wasm-graphviz), so nothing
 * native has to be installed. Imported on first use: it is 800 KB of JavaScript that the other
 * commands never need.
 */

/** Lays out a DOT digraph with Graphviz `dot` and returns the SVG document. */
export async function renderSvg(dot: string): Promise<string> {
  const { Graphviz } = await import('@hpcc-js/wasm-graphviz');
  const graphviz = await Graphviz.load();
  return graphviz.dot(dot, 'svg');
}
