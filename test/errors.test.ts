/**
 * Every kind of bad input, walked: for each kind in `ERROR_KINDS`, one bad input that throws it
 * through the public API as a `CodebreakerError`; for the three kinds only the command line meets
 * (`CommandErrorKind`, not the library's), one through its own modules as a `CommandError`. A
 * kind added without a walk here fails to compile (the tables are records over the kinds) and
 * fails the tests that compare them with the lists.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outputFailure } from '../src/cli/io.js';
import { keyFromText } from '../src/cli/keys.js';
import { openCheckpoint } from '../src/cli/proofs/checkpoint-file.js';
import { connectRedis } from '../src/cli/queue/queue.js';
import {
  type BadInput,
  COMMAND_ERROR_KINDS,
  CommandError,
  type CommandErrorKind,
  badInput,
  isBadInput,
} from '../src/errors.js';
import {
  CodebreakerError,
  CodebreakerSession,
  CodemakerSession,
  ERROR_KINDS,
  type ErrorKind,
  Game,
  analyzeTree,
  createStrategy,
  findOptimal,
  parseFeedback,
  parseTree,
  resolveRules,
  rulesJson,
  solve,
  treeStrategy,
} from '../src/index.js';
import { onFullDisk, runCli } from './cli.js';
import { freePort } from './redis.js';

const dir = mkdtempSync(join(tmpdir(), 'codebreaker-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mastermind = resolveRules({ game: 'mastermind' });
/** A file that is not a checkpoint at all. */
const damaged = join(dir, 'damaged.checkpoint');
writeFileSync(damaged, 'not a checkpoint');

/** A bad input that throws (or rejects with) one kind of error. */
type Bad = () => unknown;

/** The library's kinds, each thrown through the public API. */
const walks: Record<ErrorKind, Bad> = {
  'bad-rules': () => resolveRules({ game: 'chess' }),
  'too-large': () => resolveRules({ pegs: 20, colors: 36 }),
  'bad-code': () => new Game(mastermind).codes.parse('1237'),
  'bad-feedback': () => parseFeedback('two', mastermind),
  'impossible-feedback': () => parseFeedback('3H1B', mastermind),
  'bad-option': () => createStrategy('alphabetical'),
  'bad-tree': () => parseTree('{"rules":'),
  'game-over': () => {
    const game = new Game(mastermind);
    const session = new CodebreakerSession(game, createStrategy('first-consistent'), 0);
    session.giveUp();
    return session.guess(0);
  },
};

/** The kinds only the command line meets, each thrown through its own modules. */
const commandWalks: Record<CommandErrorKind, Bad> = {
  'bad-checkpoint': () =>
    openCheckpoint(
      damaged,
      { rules: mastermind, objective: 'expected', maxDepth: null, consistentOnly: false },
      keyFromText('k'.repeat(32), 'a test key'),
      () => {},
    ),
  'cannot-write': () => {
    throw outputFailure(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }));
  },
  unreachable: async () => {
    const port = await freePort();
    return connectRedis({ url: `redis://127.0.0.1:${port}/0`, host: '127.0.0.1', port, db: 0 });
  },
};

/** What `bad` throws (or rejects with); fails if it returns. */
async function thrownBy(bad: Bad): Promise<unknown> {
  try {
    await bad();
  } catch (error) {
    return error;
  }
  throw new Error('the bad input was accepted');
}

describe('every kind of bad input is an error of that kind, in one line', () => {
  const tables = [
    { name: 'CodebreakerError', type: CodebreakerError, table: walks },
    { name: 'CommandError', type: CommandError, table: commandWalks },
  ];
  for (const { name, type, table } of tables) {
    for (const [kind, bad] of Object.entries(table)) {
      it(`${kind}: a ${name}`, async () => {
        const error = await thrownBy(bad);
        expect(error).toBeInstanceOf(type);
        expect(isBadInput(error)).toBe(true);
        expect((error as BadInput).kind).toBe(kind);
        expect((error as BadInput).name).toBe(name);
        expect((error as BadInput).message).not.toContain('\n');
      });
    }
  }

  it("walks exactly the kinds ERROR_KINDS lists, and the command line's apart", () => {
    expect(Object.keys(walks).sort()).toEqual([...ERROR_KINDS].sort());
    expect(Object.keys(commandWalks).sort()).toEqual([...COMMAND_ERROR_KINDS].sort());
    for (const kind of COMMAND_ERROR_KINDS) {
      expect(ERROR_KINDS as readonly string[]).not.toContain(kind);
    }
  });

  it('tells a bug from bad input', () => {
    expect(isBadInput(new Error('a bug'))).toBe(false);
    expect(badInput('bad-code', 'x')).toBeInstanceOf(CodebreakerError);
    expect(badInput('bad-checkpoint', 'x')).toBeInstanceOf(CommandError);
  });
});

describe('bad input that once threw a plain Error, now of a kind', () => {
  const game = new Game(mastermind);
  const strategy = createStrategy('first-consistent');
  /** A tree of one guess, 1122, with no branches: it solves only the secret 1122. */
  const stump = parseTree(
    JSON.stringify({ rules: rulesJson(mastermind), root: { guess: '1122', children: {} } }),
  );
  const cases: [string, () => unknown, ErrorKind, string][] = [
    [
      'a code index outside the game, written',
      () => game.codes.make(1296),
      'bad-code',
      'code index 1296 is outside 0..1295',
    ],
    [
      'a secret outside the game',
      () => new CodebreakerSession(game, strategy, -1),
      'bad-code',
      'code index -1 is outside 0..1295',
    ],
    [
      'a guess outside the game',
      () => new CodebreakerSession(game, strategy, 0).guess(1.5),
      'bad-code',
      'code index 1.5 is outside 0..1295',
    ],
    [
      'an opening outside the game',
      () => solve(game, createStrategy('minimax', { first: 5000 }), 0),
      'bad-code',
      'the first guess 5000 is no code index of this game (0..1295)',
    ],
    [
      'an answer to a game already solved',
      () => {
        const session = new CodemakerSession(game, strategy);
        session.answer({ hits: 4, blows: 0 });
        return session.answer({ hits: 4, blows: 0 });
      },
      'game-over',
      'the game is solved: there is no guess to answer',
    ],
    [
      'the statistics of a tree that fails a secret',
      () => analyzeTree(stump),
      'bad-tree',
      'the strategy tree fails: the tree ends at the guess 1122 with 1296 secrets still possible',
    ],
    [
      'a tree played off its branches',
      () => solve(game, treeStrategy(stump), 0),
      'bad-tree',
      'the tree has no branch for the answer 2H0B to 1122',
    ],
    [
      'an exact search of a game with no table of every pair of codes',
      () => findOptimal(new Game(resolveRules({ pegs: 6, colors: 7, repeat: true }))),
      'too-large',
      'exact search needs a score table of every pair of codes; 117,649 codes is more than the 32,768 it handles',
    ],
  ];
  for (const [what, bad, kind, message] of cases) {
    it(`${what}: ${kind}`, async () => {
      const error = await thrownBy(bad);
      expect(error).toBeInstanceOf(CodebreakerError);
      expect([(error as CodebreakerError).kind, (error as CodebreakerError).message]).toEqual([
        kind,
        message,
      ]);
    });
  }
});

describe('the kinds only the command line meets: one line on stderr, status 2', () => {
  it('bad-checkpoint: a damaged --checkpoint file', async () => {
    const run = await runCli('optimal', '--game', 'mastermind', '--checkpoint', damaged);
    expect([run.status, run.out]).toEqual([2, '']);
    expect(run.err).toBe(
      `codebreaker: ${damaged}: cannot resume from this checkpoint: it is not a codebreaker checkpoint\n`,
    );
  });

  it('unreachable: a --queue where no Redis answers', async () => {
    const url = `redis://127.0.0.1:${await freePort()}/0`;
    const run = await runCli('optimal', '--game', 'numeron', '--queue', url);
    expect([run.status, run.out]).toEqual([2, '']);
    expect(run.err).toMatch(
      new RegExp(`^codebreaker: cannot reach Redis at ${url} \\([^\\n]+\\n$`),
    );
  });

  it('cannot-write: standard output on a full disk', async () => {
    const main = new URL('../dist/cli/main.js', import.meta.url).pathname;
    const { status, err } = await onFullDisk([main, 'solve', '9431']);
    expect(status).toBe(2);
    expect(err).toBe('codebreaker: cannot write standard output: no space left on the device\n');
  });
});
