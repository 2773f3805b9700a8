import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test/cli.js';
import { naiveCodes, naiveHits, naiveScore } from '../../../test/naive.js';
import { Game } from '../../game.js';
import { randomSource } from '../../random.js';
import { resolveRules } from '../../rules.js';
import { estimateStaticSize } from '../../search/static-estimate.js';
import { searchStaticSize } from '../../search/static-size.js';

/** Every code's answers to `guesses`, by counting: distinct rows mean the guesses identify. */
function naiveRows(pegs: number, alphabet: string, repeat: boolean, guesses: string[]): string[] {
  return naiveCodes(pegs, alphabet, repeat).map((secret) =>
    guesses.map((g) => naiveScore(secret, g).join('-')).join(' '),
  );
}

const slow = process.env.CODEBREAKER_SLOW === '1';

describe('codebreaker static', () => {
  it('prints the contract’s JSON', async () => {
    const { status, out, err } = await cli(
      'static',
      '--pegs',
      '2',
      '--colors',
      '6',
      '--repeat',
      '--json',
    );
    expect(err).toBe('');
    expect(status).toBe(0);
    const doc = JSON.parse(out);
    expect(doc).toMatchObject({
      rules: { pegs: 2, colors: 6, repeat: true, alphabet: '012345' },
      size: 4,
      proved: true,
      lowerBound: 4,
    });
    expect(doc.guesses).toHaveLength(4);
    const rows = naiveRows(2, '012345', true, doc.guesses);
    expect(new Set(rows).size).toBe(36);
  });

  it('shows the guesses and, with --table, each secret’s answers', async () => {
    const { out } = await cli('static', '--pegs', '3', '--colors', '3', '--repeat', '--table');
    const guesses = /\nguesses {2}(.*)\n/.exec(out)![1].split(' ');
    expect(guesses).toHaveLength(3);
    expect(out).toContain('proved   yes: no 2 guesses identify every secret');
    const rows = naiveRows(3, '012', true, guesses);
    for (const [i, secret] of naiveCodes(3, '012', true).entries()) {
      const answers = rows[i]
        .split(' ')
        .map((a) => a.replace(/(\d)-(\d)/, '$1H$2B'))
        .join(' '.repeat(2));
      expect(out).toContain(`\n${secret}     ${answers}\n`);
    }
  });

  it('with --feedback black, answers with hits alone, in the table and on worker threads', async () => {
    const black = ['--pegs', '3', '--colors', '3', '--repeat', '--feedback', 'black'];
    const { out } = await cli('static', ...black, '--table');
    expect(out).toMatch(/^rules {4}3 pegs, 3 colours, repetition allowed, black pegs only/);
    const guesses = /\nguesses {2}(.*)\n/.exec(out)![1].split(' ');
    const codes = naiveCodes(3, '012', true);
    const rows = codes.map((secret) => guesses.map((g) => `${naiveHits(secret, g)}H`));
    expect(new Set(rows.map((row) => row.join(' '))).size).toBe(27);
    for (const [i, secret] of codes.entries()) {
      expect(out).toContain(`\n${secret}     ${rows[i].join(' '.repeat(4))}\n`);
    }
    const argv = ['static', '--pegs', '3', '--colors', '5', '--repeat', '--feedback', 'black'];
    const one = JSON.parse((await cli(...argv, '--json', '--threads', '1')).out);
    const two = JSON.parse((await cli(...argv, '--json', '--threads', '2')).out);
    expect(one.rules.feedback).toBe('black');
    // The first thread to find a set settles the size, so the set may differ; the size may not.
    expect(two).toMatchObject({ size: one.size, proved: true, threads: 2 });
    const fives = naiveCodes(3, '01234', true);
    for (const { guesses: set } of [one, two]) {
      const distinct = new Set(
        fives.map((secret) => set.map((g: string) => naiveHits(secret, g)).join(' ')),
      );
      expect(distinct.size).toBe(125);
    }
  });

  it('splits the search over worker threads with the same result', async () => {
    const argv = ['static', '--pegs', '3', '--colors', '7', '--repeat', '--json'];
    const one = JSON.parse((await cli(...argv, '--threads', '1')).out);
    const two = JSON.parse((await cli(...argv, '--threads', '2')).out);
    expect(two).toMatchObject({ size: one.size, guesses: one.guesses, proved: true, threads: 2 });
    expect(one.size).toBe(6);
  });

  it('returns the best set so far, unproved, when the time limit ends the search', async () => {
    const { status, out } = await cli(
      'static',
      '--pegs',
      '3',
      '--colors',
      '8',
      '--repeat',
      '--time-limit',
      '0.001',
      '--threads',
      '1',
      '--json',
    );
    expect(status).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.proved).toBe(false);
    expect(doc.lowerBound).toBeLessThan(doc.size);
    expect(new Set(naiveRows(3, '01234567', true, doc.guesses)).size).toBe(512);
  });

  it('with --local-search, looks for a smaller set on every thread before the exact search', async () => {
    // Numer0n: the greedy set has 8 guesses and 7 is the least. The local search finds 7 in a
    // few moves, then spends its 2 s at 6, which the exact search refutes; had it found nothing,
    // the exact search would still find 7, so the result does not depend on the machine's speed.
    const argv = ['static', '--game', 'numeron', '--local-search', '2', '--json'];
    const { status, out, err } = await cli(...argv, '--threads', '2');
    expect(err).toBe('');
    expect(status).toBe(0);
    const doc = JSON.parse(out);
    expect(doc).toMatchObject({ size: 7, proved: true, lowerBound: 7, threads: 2 });
    expect(new Set(naiveRows(3, '0123456789', false, doc.guesses)).size).toBe(720);
  });

  it('with --symmetric 0, skips the sets a symmetry keeps and settles the same size', async () => {
    const argv = ['static', '--pegs', '3', '--colors', '5', '--no-repeat', '--json'];
    const plain = JSON.parse((await cli(...argv)).out);
    const { status, out } = await cli(...argv, '--symmetric', '0');
    expect(status).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ size: plain.size, proved: true });
  });

  it('with --colour-sets, settles a game without repetition by colour sets, on threads too', async () => {
    for (const threads of ['1', '2']) {
      const argv = ['static', '--pegs', '3', '--colors', '6', '--no-repeat', '--colour-sets'];
      const { status, out, err } = await cli(...argv, '--threads', threads, '--json');
      expect(err).toBe('');
      expect(status).toBe(0);
      const doc = JSON.parse(out);
      expect(doc).toMatchObject({ size: 4, proved: true, lowerBound: 4, threads: Number(threads) });
      expect(new Set(naiveRows(3, '012345', false, doc.guesses)).size).toBe(120);
    }
  });

  it('with --colour-sets and a checkpoint, its jobs are families; the other search refuses the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codebreaker-colour-sets-'));
    try {
      // 3 of 7 without repetition: 5 guesses, settled by colour sets in a second.
      const file = join(dir, 'three-of-seven.json');
      const game = ['--pegs', '3', '--colors', '7', '--no-repeat'];
      const argv = ['static', ...game, '--checkpoint', file];
      const first = await cli(...argv, '--colour-sets', '--json');
      expect(first.status).toBe(0);
      expect(JSON.parse(first.out)).toMatchObject({ size: 5, proved: true });
      expect(JSON.parse(readFileSync(file, 'utf8').split('\n')[1])).toMatchObject({
        by: 'colour-sets',
        lowerBound: 5,
      });
      const other = await cli(...argv, '--json');
      expect(other.status).toBe(2);
      expect(other.out).toBe('');
      expect(other.err).toMatch(/its jobs are families of colour sets: run it with --colour-sets/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  const bad: [string[], RegExp][] = [
    [['--game', 'mastermind', '--colour-sets'], /--colour-sets: .*without repetition/],
    [['--pegs', '5', '--colors', '6', '--no-repeat', '--colour-sets'], /at most 4 pegs/],
    [['--estimate', '5', '--colour-sets'], /drop --colour-sets/],
    [['--time-limit', 'soon'], /--time-limit must be a positive number of seconds, not 'soon'/],
    [['--local-search', '-1'], /--local-search must be a positive number of seconds, not '-1'/],
    [['--time-limit', '0'], /--time-limit must be a positive number/],
    [['--symmetric', '-1'], /--symmetric must be a number of seconds, 0 or more, not '-1'/],
    [['--threads', '0'], /--threads must be a whole number from 1 to 64, not '0'/],
    [['--pegs', '8', '--colors', '4', '--repeat'], /at most 8192 codes; this one has 65536/],
    [['--estimate', '0'], /--estimate must be a whole number from 1 to 5040, not '0'/],
    [['--estimate', '7', '--probes', 'many'], /--probes must be a whole number from 1 to/],
    [
      ['--estimate', '7', '--threads', '2'],
      /--estimate estimates a search without running it: drop --threads/,
    ],
    [['--probes', '10'], /--probes needs --estimate/],
    [['--seed', '10'], /--seed needs --estimate/],
    [
      ['--estimate', '7', '--checkpoint', 'no-such-file.json'],
      /no-such-file.json: no such checkpoint to read/,
    ],
  ];
  it.each(bad)('%j: one line on stderr, status 2, nothing on stdout', async (flags, message) => {
    const { status, out, err } = await cli('static', ...flags);
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err).toMatch(/^codebreaker: [^\n]+\n$/);
  });

  it('with --estimate, estimates the search of a size from random paths, without searching', async () => {
    const game = new Game(resolveRules({ pegs: 4, colors: 5, repeat: false }));
    const argv = ['static', '--pegs', '4', '--colors', '5', '--no-repeat', '--estimate', '4'];
    const { status, out, err } = await cli(...argv, '--probes', '500', '--seed', '11', '--json');
    expect(err).toBe('');
    expect(status).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.rules).toEqual({ pegs: 4, colors: 5, repeat: false, alphabet: '01234' });
    expect(doc.estimate).toMatchObject({ size: 4, probes: 500, seed: 11 });
    // The paths the seed draws, as the library follows them; around the sets the search visits.
    const library = estimateStaticSize(game, 4, { probes: 500, random: randomSource(11) });
    expect(doc.estimate.sets).toBe(Math.round(library.sets));
    const visited = searchStaticSize(game, 4).nodes;
    expect(Math.abs(doc.estimate.sets - visited)).toBeLessThanOrEqual(3 * doc.estimate.setsError);
    expect(doc.estimate.threadSeconds).toBeGreaterThan(0);

    const text = await cli(...argv, '--probes', '500', '--seed', '11');
    expect(text.status).toBe(0);
    expect(text.out).toMatch(
      /\nestimate {2}the exact search of 4 guesses: about [\d,.]+ sets \(± [\d,.]+\), [\d,.]+ seconds \(± [\d,.]+\) on one thread\n/,
    );
    expect(text.out).toContain(
      "\nfrom      500 random paths of the search (Knuth's estimate; seed 11) in ",
    );
  });

  it.skipIf(!slow)(
    'proves classic Mastermind needs 6 guesses (CODEBREAKER_SLOW=1)',
    async () => {
      const { out } = await cli('static', '--game', 'mastermind', '--json');
      const doc = JSON.parse(out);
      expect(doc).toMatchObject({ size: 6, proved: true, lowerBound: 6 });
      expect(new Set(naiveRows(4, '123456', true, doc.guesses)).size).toBe(1296);
    },
    600_000,
  );
});
