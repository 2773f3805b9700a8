import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

/** Runs the CLI in-process, capturing what it prints. */
async function cli(...argv: string[]): Promise<{ status: number; out: string; err: string }> {
  const io = memoryIo();
  const status = await run(argv, io);
  return { status, ...io.printed };
}

const STATISTICS = [
  'secrets',
  'total',
  'average',
  'averageFraction',
  'max',
  'histogram',
  'worst',
] as const;

function statistics(doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(STATISTICS.map((key) => [key, doc[key]]));
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'codebreaker-tree-'));
});

describe('codebreaker tree and verify', () => {
  it.each([
    [[], 28024],
    [['--game', 'mastermind'], 7471],
    [['--game', 'hit-and-blow', '--strategy', 'random-consistent', '--seed', '4'], undefined],
    [['--game', 'mastermind', '--feedback', 'black', '--strategy', 'minimax'], undefined],
  ])('%j: verify gives the statistics analyze gives', async (flags, total) => {
    const file = join(dir, `${flags.join('')}.json`);
    const written = await cli('tree', ...flags, '--out', file);
    expect(written.status).toBe(0);
    expect(written.out).toMatch(/^wrote the json tree of [a-z-]+ \(whole, \d+ nodes\) to /);
    const verified = await cli('verify', file, '--json');
    expect(verified.err).toBe('');
    expect(verified.status).toBe(0);
    const doc = JSON.parse(verified.out);
    expect(doc.valid).toBe(true);
    const analysed = JSON.parse((await cli('analyze', ...flags, '--json')).out);
    expect(doc.rules).toEqual(analysed.rules);
    expect(statistics(doc)).toEqual(statistics(analysed));
    if (total !== undefined) expect(doc.total).toBe(total);
    const black = flags.includes('black');
    expect(doc.rules.feedback).toBe(black ? 'black' : undefined);
    const keys = Object.keys(JSON.parse(await readFile(file, 'utf8')).root.children);
    for (const key of keys) expect(key).toMatch(black ? /^\dH$/ : /^\dH\dB$/);
  });

  it('writes the tree to standard output, naming its strategy', async () => {
    const { status, out } = await cli(
      'tree',
      '--game',
      'hit-and-blow',
      '--strategy',
      'random-consistent',
      '--seed',
      '9',
    );
    expect(status).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.rules).toEqual({ pegs: 4, colors: 6, repeat: false, alphabet: '012345' });
    expect(doc.strategy).toBe('random-consistent');
    expect(doc.seed).toBe(9);
    expect(doc.root.guess).toMatch(/^[0-5]{4}$/);
  });

  it('prints the statistics as analyze does', async () => {
    const file = join(dir, 'mastermind.json');
    await writeFile(file, (await cli('tree', '--game', 'mastermind')).out);
    const { status, out } = await cli('verify', file);
    expect(status).toBe(0);
    expect(out).toContain(`tree     ${file}: valid, solves every secret\n`);
    expect(out).toContain('total    7471 guesses');
    expect(out).toContain('worst secrets (6, 9 guesses each):\n  5654 6435 6555 6556 6654 6665');
  });

  it('exits 1 naming the first secret an invalid tree fails', async () => {
    const doc = JSON.parse((await cli('tree')).out);
    doc.root.children = Object.fromEntries(
      Object.entries(doc.root.children).filter(([answer]) => answer !== '0H0B'),
    );
    const file = join(dir, 'broken.json');
    await writeFile(file, JSON.stringify(doc));
    const text = await cli('verify', file);
    expect(text.status).toBe(1);
    expect(text.out).toBe('');
    expect(text.err).toBe(
      'codebreaker: invalid tree: it fails the secret 4567: the answer 0H0B to 0123 has no branch\n',
    );
    const json = await cli('verify', file, '--json');
    expect(json.status).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ valid: false, secret: '4567' });
  });

  it.each([
    ['not JSON', 'tree', /^codebreaker: the tree file is not JSON: /],
    ['no rules', JSON.stringify({ root: { guess: '0123', children: {} } }), /one JSON object/],
    [
      'a guess that is no string',
      JSON.stringify({
        rules: { pegs: 4, colors: 10, repeat: false, alphabet: '0123456789' },
        root: { guess: 123, children: {} },
      }),
      /root\.guess must be a code in quotes/,
    ],
  ])('a file that is not a tree (%s) exits 2', async (name, text, message) => {
    const file = join(dir, `${name}.json`);
    await writeFile(file, text);
    const { status, out, err } = await cli('verify', file);
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err).toMatch(/^codebreaker: [^\n]+\n$/);
  });

  it('repeats at most 40 characters of a guess or a key from the file, in text and in JSON', async () => {
    const rules = { pegs: 4, colors: 6, repeat: true };
    const guess = 'a'.repeat(10_000_000);
    const file = join(dir, 'long-guess.json');
    await writeFile(file, JSON.stringify({ rules, root: { guess, children: {} } }));
    const cut = `'${'a'.repeat(40)}…' (10000000 characters)`;
    const reason = `the guess ${cut} is not a code of these rules: the code ${cut} has 10000000 symbols; codes here have 4`;
    const text = await cli('verify', file);
    expect(text).toEqual({
      status: 1,
      out: '',
      err: `codebreaker: invalid tree: it fails the secret 1111: ${reason}\n`,
    });
    const json = await cli('verify', file, '--json');
    expect(json.status).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ valid: false, secret: '1111', reason });
    const key = 'k'.repeat(1_000_000);
    const keyed = join(dir, 'long-key.json');
    const leaf = { guess: '1112', children: {} };
    await writeFile(
      keyed,
      JSON.stringify({ rules, root: { guess: '1111', children: { [key]: leaf } } }),
    );
    expect((await cli('verify', keyed)).err).toBe(
      `codebreaker: invalid tree: it fails the secret 1111: the guess 1111 has a branch '${'k'.repeat(40)}…' (1000000 characters) that is no answer: cannot read the answer '${'k'.repeat(40)}…' (1000000 characters): write hits and blows as 2H1B, '2 1' or 2,1\n`,
    );
  });

  it('names a node nested thousands deep by the first 200 characters of its place', async () => {
    let root: unknown = { guess: 5, children: {} };
    for (let depth = 0; depth < 1000; depth++) {
      root = { guess: '1111', children: { '1H0B': root } };
    }
    const file = join(dir, 'deep.json');
    await writeFile(file, JSON.stringify({ rules: { pegs: 4, colors: 6, repeat: true }, root }));
    const place = `root${".children['1H0B']".repeat(11)}…`;
    expect(await cli('verify', file)).toEqual({
      status: 2,
      out: '',
      err: `codebreaker: ${place}.guess must be a code in quotes\n`,
    });
  });

  it('a missing file exits 2', async () => {
    const { status, out, err } = await cli('verify', join(dir, 'nowhere.json'));
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^codebreaker: cannot read the tree file '.*nowhere\.json': no such file/);
  });
});

describe('drawings', () => {
  it('dot cut at depth 2 is a digraph Graphviz reads, with one node per drawn guess', async () => {
    const { status, out } = await cli(
      'tree',
      '--game',
      'mastermind',
      '--format',
      'dot',
      '--depth',
      '2',
    );
    expect(status).toBe(0);
    const graphviz = await Graphviz.load();
    const layout = JSON.parse(graphviz.layout(out, 'json'));
    // first-consistent on Mastermind guesses 1 code first, then 4 second; 25 subtrees remain.
    expect(layout.objects).toHaveLength(1 + 4 + 25);
    expect(layout.edges).toHaveLength(1 + 4 + 25 - 1);
    const labels = layout.objects.map((node: { label: string }) => node.label);
    expect(labels[0]).toBe('1111\\n1296 left');
    expect(labels.filter((label: string) => label.startsWith('… '))).toHaveLength(25);
  });

  it('svg of a depth-2 tree is an SVG document', async () => {
    const file = join(dir, 'mastermind.svg');
    const { status, out } = await cli(
      'tree',
      '--game',
      'mastermind',
      '--format',
      'svg',
      '--depth',
      '2',
      '--out',
      file,
    );
    expect(status).toBe(0);
    expect(out).toMatch(/^wrote the svg tree of first-consistent \(cut at depth 2, 30 nodes\)/);
    const svg = await readFile(file, 'utf8');
    expect(svg).toMatch(/^(<\?xml|<svg)/);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('>1111</text>');
  });

  it('draws by default as many levels as keep the bottom row narrow', async () => {
    // Knuth's tree: 12 answers to 1122 to draw below it, and too many below those.
    const file = join(dir, 'knuth.svg');
    const args = ['tree', '--game', 'mastermind', '--strategy', 'minimax', '--format', 'svg'];
    const { out } = await cli(...args, '--out', file);
    expect(out).toMatch(/\(cut at depth 1, 13 nodes\)/);
    const width = Number(/width="([\d.]+)pt"/.exec(await readFile(file, 'utf8'))?.[1]);
    expect(width).toBeLessThan(2000);
    // Mastermind's first-consistent tree: its second row fits, so two levels are drawn.
    const first = await cli('tree', '--game', 'mastermind', '--format', 'svg', '--out', file);
    expect(first.out).toMatch(/cut at depth 2, 30 nodes/);
  });

  it('refuses an svg too large to draw, suggesting a depth that fits', async () => {
    const { status, out, err } = await cli('tree', '--format', 'svg', '--depth', '5');
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/still has \d+ nodes, too many to draw .*: use --depth 3 or less/);
  });

  it.each([
    [['--format', 'png'], /unknown format 'png': choose one of json, dot, svg/],
    [['--format', 'dot', '--depth', '0'], /--depth must be a whole number, 1 or more, not '0'/],
    [['--depth', '2'], /--depth cuts dot and svg drawings/],
    [['--out', '/nonexistent/dir/tree.json'], /cannot write '\/nonexistent\/dir\/tree.json'/],
  ])('%j is bad input', async (flags, message) => {
    const { status, out, err } = await cli('tree', ...flags);
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
  });
});
