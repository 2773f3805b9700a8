import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

/** Runs the CLI in-process, capturing what it prints. */
async function cli(...argv: string[]): Promise<{ status: number; out: string; err: string }> {
  const io = memoryIo();
  const status = await run(argv, io);
  return { status, ...io.printed };
}

const RULES = { pegs: 2, colors: 2, repeat: true, alphabet: 'ab' };
const header = (depth: number, holds: boolean) =>
  JSON.stringify({
    format: 'codebreaker-certificate',
    version: 1,
    rules: RULES,
    claim: { kind: 'within-depth', depth, holds },
  });
/** 2 pegs, 2 colours: not within 2 guesses (aa's 1H0B leaves ab and ba; the bound does the rest). */
const REFUTATION = [
  header(2, false),
  '{"at":[],"left":2,"refuted":{"aa":"1H0B"}}',
  '{"at":[["aa","1H0B"]],"left":1,"refuted":{}}',
];
/** ... but within 3. */
const STRATEGY = [
  header(3, true),
  '{"tree":{"guess":"aa","children":{"0H0B":{"guess":"bb","children":{}},"1H0B":{"guess":"ab","children":{"0H2B":{"guess":"ba","children":{}}}}}}}',
];

let dir: string;
const file = async (name: string, lines: string[], gzip = false): Promise<string> => {
  const path = join(dir, name);
  const text = `${lines.join('\n')}\n`;
  await writeFile(path, gzip ? gzipSync(text) : text);
  return path;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'codebreaker-check-'));
});

describe('codebreaker check', () => {
  it('checks a refutation, plain and gzip, in text and JSON', async () => {
    for (const path of [
      await file('no.jsonl', REFUTATION),
      await file('no.jsonl.gz', REFUTATION, true),
    ]) {
      const text = await cli('check', path);
      expect(text.status).toBe(0);
      expect(text.err).toBe('');
      expect(text.out).toMatch(
        /^claim {4}2 pegs, 2 colours with repetition: no strategy finds every secret within 2 guesses\nchecked {2}2 nodes in \d+\.\d s\n$/,
      );
      const json = await cli('check', path, '--json');
      expect(json.status).toBe(0);
      const doc = JSON.parse(json.out);
      expect(doc).toEqual({
        claim: { kind: 'within-depth', depth: 2, holds: false },
        checked: true,
        nodes: 2,
        seconds: expect.any(Number),
        rules: RULES,
      });
      expect(Object.keys(doc).slice(0, 4)).toEqual(['claim', 'checked', 'nodes', 'seconds']);
    }
  });

  it('checks a strategy', async () => {
    const result = await cli('check', await file('yes.jsonl', STRATEGY), '--json');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({
      claim: { kind: 'within-depth', depth: 3, holds: true },
      nodes: 4,
    });
  });

  it('a flaw: one line naming the line and the position, status 2', async () => {
    const path = await file('flawed.jsonl', [REFUTATION[0], REFUTATION[1]]);
    for (const flags of [[], ['--json']]) {
      const result = await cli('check', path, ...flags);
      expect(result.status).toBe(2);
      expect(result.out).toBe('');
      expect(result.err).toBe(
        `codebreaker: ${path} line 3 (at [["aa","1H0B"]]): the file ends before the node at [["aa","1H0B"]] with 1 left\n`,
      );
    }
    const wrong = await file(
      'wrong.jsonl.gz',
      [REFUTATION[0], REFUTATION[1].replace('1H0B', '0H1B')],
      true,
    );
    const result = await cli('check', wrong);
    expect(result.status).toBe(2);
    expect(result.err).toMatch(
      /^codebreaker: .* line 2 \(at \[\]\): refuted names aa with 0H1B, .*the class is empty\n$/,
    );
  });

  it('a file that cannot be read or is not a certificate: one line, status 2', async () => {
    const cases: [string, RegExp][] = [
      [join(dir, 'absent.jsonl'), /cannot be read as a certificate: no such file/],
      [dir, /cannot be read as a certificate: it is a folder/],
      [await file('tree.json', ['{"rules":{},"root":{}}']), /line 1: not a certificate/],
      [await file('empty.jsonl', []), /line 1: not a certificate|blank line/],
      [await file('bad.jsonl.gz', ['not gzip']), /damaged gzip data|cannot be read/],
    ];
    for (const [path, why] of cases) {
      const result = await cli('check', path);
      expect(result.status).toBe(2);
      expect(result.out).toBe('');
      expect(result.err.split('\n')).toHaveLength(2);
      expect(result.err).toMatch(why);
    }
    const invalid = join(dir, 'latin1.jsonl');
    await writeFile(invalid, Buffer.from([0xff, 0x0a]));
    expect((await cli('check', invalid)).err).toMatch(/line 1: not UTF-8 text/);
  });

  it('a line longer than the limit is refused without reading on', async () => {
    const path = join(dir, 'long.jsonl.gz');
    await writeFile(path, gzipSync(Buffer.alloc(9 * 2 ** 20, 0x20)));
    const result = await cli('check', path);
    expect(result.status).toBe(2);
    expect(result.err).toMatch(/line 1: a line longer than 8 MiB/);
  });

  it('runs as the built command', async () => {
    const main = join(import.meta.dirname, '../../../dist/cli/main.cjs');
    const ok = await promisify(execFile)(process.execPath, [
      main,
      'check',
      await file('b.jsonl', REFUTATION),
    ]);
    expect(ok.stdout).toMatch(/^claim {4}2 pegs/);
    const bad = await promisify(execFile)(process.execPath, [
      main,
      'check',
      join(dir, 'none'),
    ]).catch((error) => error);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^codebreaker: .*none cannot be read as a certificate: no such file\n$/,
    );
  });
});
