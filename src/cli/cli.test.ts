import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli as cli, onFullDisk } from '../../test/cli.js';
import { naiveBlackAnswer, naiveCodes, naiveFirstConsistent, naiveHits } from '../../test/naive.js';
import { CLI } from '../../test/process.js';
import { memoryIo } from './io.js';
import { run } from './program.js';

/** The seed pages' games (known-results.md), guess then hits-blows. */
const transcripts = [
  ['9876', '0123 0-0, 4567 0-2, 5489 0-2, 6798 0-4, 8976 2-2, 9876 4-0'],
  ['1357', '0123 0-2, 1045 1-1, 1256 2-0, 1274 1-1, 1357 4-0'],
  ['8642', '0123 0-1, 1456 0-2, 2547 1-1, 2684 1-3, 8642 4-0'],
  [
    '5293',
    '0123 1-1, 0245 1-1, 0356 0-2, 1543 1-1, 1625 0-2, 4263 2-0, 5273 3-0, 5283 3-0, 5293 4-0',
  ],
  [
    '9431',
    '0123 0-2, 1045 0-2, 2354 0-2, 3406 1-1, 3561 1-1, 6502 0-0, 7431 3-0, 8431 3-0, 9431 4-0',
  ],
  [
    '18390',
    '01234 0-3, 10356 2-1, 10467 1-1, 12058 1-2, 13826 1-2, 14385 2-1, 15372 2-0, 18309 3-2, 18390 5-0',
  ],
];

describe('codebreaker solve', () => {
  it.each(transcripts)('replays the seed pages’ game for %s', async (secret, transcript) => {
    const flags = secret.length === 5 ? ['--pegs', '5'] : [];
    const { status, out, err } = await cli('solve', secret, ...flags, '--json');
    expect(err).toBe('');
    expect(status).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.solved).toBe(true);
    expect(doc.secret).toBe(secret);
    expect(doc.strategy).toBe('first-consistent');
    const played = doc.guesses.map(
      (g: { code: string; hits: number; blows: number }) => `${g.code} ${g.hits}-${g.blows}`,
    );
    expect(played.join(', ')).toBe(transcript);
  });

  it('prints each guess numbered from 1 with its answer', async () => {
    const { out } = await cli('solve', '1357');
    expect(out).toContain('  1. 0123  0H2B\n');
    expect(out).toContain('  5. 1357  4H0B\n');
    expect(out).toContain('solved in 5 guesses');
  });
});

describe('codebreaker solve --feedback black', () => {
  it('answers with hits only: JSON guesses without blows, as a naive replay counting hits plays', async () => {
    const { status, out, err } = await cli(
      'solve',
      '6543',
      '--game',
      'mastermind',
      '--feedback',
      'black',
      '--json',
    );
    expect([status, err]).toEqual([0, '']);
    const doc = JSON.parse(out);
    expect(doc.rules).toEqual({
      pegs: 4,
      colors: 6,
      repeat: true,
      alphabet: '123456',
      feedback: 'black',
    });
    const codes = naiveCodes(4, '123456', true);
    const naive = naiveFirstConsistent(codes, '6543', naiveBlackAnswer);
    expect(doc.guesses).toEqual(naive.map((code) => ({ code, hits: naiveHits('6543', code) })));
    expect(doc.solved).toBe(true);
  });

  it('writes each answer as hits alone and names the rules', async () => {
    const { out } = await cli('solve', '6543', '--game', 'mastermind', '--feedback', 'black');
    expect(out).toMatch(
      /^Mastermind with black pegs only \(4 pegs, 6 colours, repetition allowed; hits, no blows\), first-consistent, secret 6543\n {3}1\. 1111 {2}0H\n/,
    );
    expect(out).toMatch(/\. 6543 {2}4H\nsolved in \d+ guesses\n$/);
  });

  it('--feedback full is the default: the rules JSON of a full game has no feedback key', async () => {
    const full = await cli('solve', '1357', '--feedback', 'full', '--json');
    expect(full.out).toBe((await cli('solve', '1357', '--json')).out);
    expect(JSON.parse(full.out).rules).toEqual({
      pegs: 4,
      colors: 10,
      repeat: false,
      alphabet: '0123456789',
    });
  });
});

describe('codebreaker analyze', () => {
  it('prints the contract’s JSON for Bulls and Cows', async () => {
    const { status, out } = await cli('analyze', '--json');
    expect(status).toBe(0);
    const doc = JSON.parse(out);
    expect(doc).toMatchObject({
      rules: { pegs: 4, colors: 10, repeat: false, alphabet: '0123456789' },
      strategy: 'first-consistent',
      secrets: 5040,
      total: 28024,
      average: 5.56031746031746,
      averageFraction: '3503/630',
      max: 9,
      histogram: {
        '1': 1,
        '2': 13,
        '3': 108,
        '4': 596,
        '5': 1668,
        '6': 1768,
        '7': 752,
        '8': 129,
        '9': 5,
      },
      worst: ['5293', '9204', '9214', '9241', '9431'],
    });
  });

  it('draws the histogram as bars and names the worst secrets', async () => {
    const { out } = await cli('analyze', '--game', 'mastermind');
    expect(out).toContain('total    7471 guesses');
    expect(out).toContain('average  5.76466 (7471/1296)');
    expect(out).toMatch(/\n {6}6 {6}602 {2}█{40}\n/);
    expect(out).toContain('worst secrets (6, 9 guesses each):\n  5654 6435 6555 6556 6654 6665');
  });

  it('repeats a random-consistent analysis from its seed', async () => {
    const first = await cli('analyze', '--strategy', 'random-consistent', '--seed', '42', '--json');
    const again = await cli('analyze', '--strategy', 'random-consistent', '--seed', '42', '--json');
    expect(JSON.parse(first.out).seed).toBe(42);
    expect(first.out).toBe(again.out);
  });
});

describe('codebreaker analyze --exact-below', () => {
  // Exact at every state: Koyama and Lai's least total, whatever plays above.
  it('exact at every state, entropy plays classic Mastermind in 5625 guesses', async () => {
    const { out } = await cli(
      'analyze',
      '--game',
      'mastermind',
      '--strategy',
      'entropy',
      '--exact-below',
      '1296',
      '--json',
    );
    expect(JSON.parse(out)).toMatchObject({ strategy: 'entropy', exactBelow: 1296, total: 5625 });
  });
});

describe('codebreaker analyze and tree on worker threads', () => {
  it.each([
    ['--game', 'moo', '--strategy', 'expected-size'],
    ['--game', 'mastermind', '--strategy', 'random-consistent', '--seed', '5'],
    ['--game', 'mastermind', '--strategy', 'entropy', '--exact-below', '50'],
  ])('%s %s %s %s: the statistics, work and tree of one thread', async (...flags) => {
    const analysis = async (threads: string) =>
      JSON.parse((await cli('analyze', ...flags, '--json', '--threads', threads)).out);
    const [one, two] = [await analysis('1'), await analysis('2')];
    expect(two).toEqual({ ...one, threads: 2 });
    const tree = async (threads: string) => (await cli('tree', ...flags, '--threads', threads)).out;
    expect(await tree('2')).toBe(await tree('1'));
  });
  it('runs the optimal strategy, a lookup in its tree, in this thread', async () => {
    const { out } = await cli(
      'analyze',
      '--game',
      'hit-and-blow',
      '--strategy',
      'optimal',
      '--threads',
      '2',
      '--json',
    );
    expect(JSON.parse(out).threads).toBe(1);
  });
  it('ends at Ctrl-C while its own thread walks, as Node does, printing nothing', async () => {
    // This thread cannot hear a signal while it walks; the command leaves signals to Node, so
    // the process ends by the signal itself (a listener would exit with status 130 instead).
    const child = spawn(
      process.execPath,
      [CLI, 'analyze', '--game', 'super-mastermind', '--strategy', 'entropy', '--threads', '2'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, CODEBREAKER_SAY_LISTENING: '1' },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    const ended = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_status, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve) => {
      let err = '';
      child.stderr.on('data', (chunk) => {
        err += chunk;
        if (err.includes('codebreaker: signals end it\n')) resolve();
      });
    });
    child.kill('SIGINT');
    expect(await ended).toBe('SIGINT');
    expect(out).toBe('');
  });
});

describe('bad input', () => {
  const cases: [string[], RegExp][] = [
    [['solve', '123'], /the code '123' has 3 symbols; codes here have 4/],
    [['solve', '12x4'], /'x' in the code '12x4' is not a symbol of the alphabet 0123456789/],
    [['solve', '1123'], /the code '1123' repeats '1'/],
    [['solve', '1234', '--game', 'chess'], /unknown game 'chess'/],
    [['analyze', '--strategy', 'knuth'], /unknown strategy 'knuth'/],
    [['analyze', '--pegs', '0'], /--pegs must be a whole number from 1 to 20, not '0'/],
    [['analyze', '--colors', '1'], /--colors must be a whole number from 2 to 36, not '1'/],
    [['analyze', '--pegz', '3'], /unknown option '--pegz'/],
    [
      ['analyze', '--pegs', '12', '--colors', '30', '--repeat'],
      /codes; codebreaker enumerates at most/,
    ],
    [['solve'], /missing required argument 'secret'/],
    [
      ['analyze', '--feedback', 'bogus'],
      /unknown feedback 'bogus': choose full \(hits and blows\) or black \(hits only, black pegs\)/,
    ],
    [['optimal', '--feedback', 'white', '--json'], /unknown feedback 'white'/],
    [['static', '--feedback', ''], /unknown feedback ''/],
    [['play', '--feedback', 'bogus'], /unknown feedback 'bogus'/],
    [['tree', '--strategy', 'minimax', '--feedback', 'bogus'], /unknown feedback 'bogus'/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['analyze', '--exact-below', 'x'], /--exact-below must be a whole number from 0 to 5040/],
    [
      ['analyze', '--game', 'mastermind', '--strategy', 'optimal', '--exact-below', '9'],
      /--exact-below applies to the strategies that are built, not to optimal/,
    ],
    [
      ['analyze', '--pegs', '6', '--colors', '10', '--exact-below', '9'],
      /--exact-below needs the exact search's score table: games of up to 32,768 codes/,
    ],
  ];
  it.each(cases)('%j: one line on stderr, status 2, nothing on stdout', async (argv, message) => {
    const { status, out, err } = await cli(...argv);
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err).toMatch(/^codebreaker: [^\n]+\n$/);
  });
});

describe('help, long input, and trees from anywhere', () => {
  it('with no command prints the help on stdout and exits 0', async () => {
    const { status, out, err } = await cli();
    expect(status).toBe(0);
    expect(out).toMatch(/^Usage: codebreaker /);
    expect(err).toBe('');
  });
  it('help for an unknown command says so, in one line with status 2', async () => {
    const { status, out, err } = await cli('help', 'bogus');
    expect([status, out]).toEqual([2, '']);
    expect(err).toMatch(/^codebreaker: unknown command 'bogus': the commands are solve, [^\n]+\n$/);
  });
  it('repeats at most 40 characters of a long code', async () => {
    const { status, err } = await cli('solve', '1'.repeat(10_000));
    expect(status).toBe(2);
    expect(err).toBe(
      `codebreaker: the code '${'1'.repeat(40)}…' (10000 characters) has 10000 symbols; codes here have 4\n`,
    );
  });
  const long = 'x'.repeat(100_000);
  const nines = `${'9'.repeat(100_000)}T`;
  const sum = `${'A'.repeat(100_000)}=B`;
  /** Command lines that each repeat one long value in their message: the value last. */
  const longValues: string[][] = [
    ['analyze', `--${long}`],
    [long],
    ['help', long],
    ['analyze', '--strategy', long],
    ['analyze', '--game', long],
    ['analyze', '--alphabet', long],
    ['analyze', '--feedback', long],
    ['tree', '--format', long],
    ['play', '--role', long],
    ['optimal', '--time-limit', long],
    ['optimal', '--memory-limit', long],
    ['optimal', '--memory-limit', nines],
    ['optimal', '--recheck', long],
    ['puzzle', long],
    ['puzzle', 'komachi', '--digits', long],
    ['puzzle', 'komachi', '--ops', long],
    ['puzzle', 'cryptarithm', sum],
    ['puzzle', 'water-jugs', '--jugs', long],
    ['puzzle', 'peg-solitaire', '--board', long],
    ['puzzle', 'peg-solitaire', '--empty', long],
    ['puzzle', 'peg-solitaire', '--search', long],
  ];
  it.each(longValues.map((argv) => [argv.slice(0, -1).join(' '), argv]))(
    '%s LONG: the value is repeated cut, in one line with status 2',
    async (_, argv) => {
      const value = argv.at(-1)!;
      const { status, out, err } = await cli(...argv);
      expect([status, out]).toEqual([2, '']);
      expect(err).toContain(`'${value.slice(0, 40)}…' (${value.length} characters)`);
      expect(err).toMatch(/^codebreaker: [^\n]{1,300}\n$/);
    },
  );
  it('--threads follows one rule in every command that has it', async () => {
    const rule =
      /default: every core, but 1 for games of up to (\d+) codes, which this command settles in about a second/;
    const quickUpTo: Record<string, number> = {};
    for (const command of ['optimal', 'static', 'analyze', 'tree']) {
      const help = (await cli(command, '--help')).out.replace(/\s+/g, ' ');
      quickUpTo[command] = Number(rule.exec(help)?.[1]);
    }
    expect(quickUpTo).toEqual({ optimal: 2000, static: 500, analyze: 8192, tree: 8192 });
    const cores = Math.min(64, availableParallelism());
    // A game of 625 codes: quick for the optimal search, long enough for the static one.
    const rules = ['--pegs', '4', '--colors', '5', '--repeat', '--json'];
    expect(JSON.parse((await cli('optimal', ...rules)).out).threads).toBe(1);
    const staticDoc = JSON.parse((await cli('static', ...rules, '--time-limit', '0.5')).out);
    expect(staticDoc.threads).toBe(cores);
    expect(JSON.parse((await cli('analyze', ...rules)).out).threads).toBe(1);
  });
  it('verify reads a tree with a byte order mark, and from standard input', async () => {
    const tree = (await cli('tree', '--game', 'hit-and-blow', '--strategy', 'minimax')).out;
    const dir = mkdtempSync(join(tmpdir(), 'codebreaker-verify-'));
    try {
      const file = join(dir, 'bom.json');
      writeFileSync(file, `\ufeff${tree}`);
      const withBom = await cli('verify', file, '--json');
      expect(withBom.status).toBe(0);
      const io = memoryIo(tree);
      expect(await run(['verify', '-', '--json'], io)).toBe(0);
      expect(JSON.parse(io.printed.out)).toMatchObject({
        valid: true,
        total: JSON.parse(withBom.out).total,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the executable', () => {
  const exec = promisify(execFile);
  const main = [CLI];
  it('exits 2 with one line and no stack trace on bad input', async () => {
    const failed = await exec('node', [...main, 'solve', '99'], { encoding: 'utf8' }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stdout).toBe('');
    expect(failed?.stderr).toBe("codebreaker: the code '99' has 2 symbols; codes here have 4\n");
    const bogus = await exec('node', [...main, 'analyze', '--feedback', 'bogus'], {
      encoding: 'utf8',
    }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect([bogus?.code, bogus?.stdout, bogus?.stderr]).toEqual([
      2,
      '',
      "codebreaker: unknown feedback 'bogus': choose full (hits and blows) or black (hits only, black pegs)\n",
    ]);
  });
  it('says a full disk in one line with status 2, not a stack trace', async () => {
    for (const argv of [
      ['tree', '--game', 'mastermind', '--strategy', 'minimax'],
      ['analyze', '--game', 'mastermind'],
    ]) {
      const { status, err } = await onFullDisk([...main, ...argv]);
      expect(status).toBe(2);
      expect(err).toBe('codebreaker: cannot write standard output: no space left on the device\n');
    }
  });
  it('on a terminal, a progress bar never hides the cursor or turns line wrap off', async () => {
    // `script` runs the command on a pseudo-terminal; Ctrl-C ends a process mid-bar, so the bar
    // must not change terminal modes that only its end would restore.
    const command = `node ${main.join(' ')} analyze --game moo --strategy entropy`;
    const { stdout } = await exec('script', ['-qec', command, '/dev/null'], { encoding: 'utf8' });
    expect(stdout).toMatch(/[█░]/);
    expect(stdout).not.toContain('\x1b[?25l');
    expect(stdout).not.toContain('\x1b[?7l');
  });
  it('prints JSON on stdout and exits 0', async () => {
    const { stdout } = await exec('node', [...main, 'solve', '9876', '--json'], {
      encoding: 'utf8',
    });
    expect(JSON.parse(stdout).guesses).toHaveLength(6);
  });
});
