import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import {
  naiveBlackAnswer,
  naiveCodes,
  naiveFirstConsistent,
  naiveHits,
  naiveScore,
} from '../../../test/naive.js';
import { CLI } from '../../../test/process.js';
import { gameFor } from '../../game.js';
import { resolveRules } from '../../rules.js';
import { secretFromSeed } from '../../session.js';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

interface Played {
  status: number | null;
  out: string;
  err: string;
}

/** Runs `codebreaker play …` in-process with `input` as standard input. */
async function play(input: string | undefined, ...argv: string[]): Promise<Played> {
  const io = memoryIo(input);
  const status = await run(['play', ...argv], io);
  return { status, ...io.printed };
}

function answer(secret: string, guess: string): string {
  const [hits, blows] = naiveScore(secret, guess);
  return `${hits}H${blows}B`;
}

/** The guesses of a transcript: the lines `  N. CODE`. */
function guessesOf(out: string): string[] {
  return [...out.matchAll(/^ {1,2}\d+\. (\S+)$/gm)].map((m) => m[1]);
}

describe('codebreaker play, codemaker role', () => {
  it('plays the seed pages’ game for 1357, numbering guesses and showing pegs', async () => {
    const { status, out, err } = await play('0 2\n1,1\n2H0B\n1h1b\n4H\n');
    expect(err).toBe('');
    expect(status).toBe(0);
    expect(guessesOf(out)).toEqual(['0123', '1045', '1256', '1274', '1357']);
    expect(out).toContain('  1. 0123\n     0H2B  ○○··  0 hits, 2 blows; ');
    expect(out).toContain('  4. 1274\n     1H1B  ●○··  1 hit, 1 blow; ');
    expect(out).toMatch(
      / {2}5\. 1357\n {5}4H0B {2}●●●● {2}4 hits, 0 blows: solved in 5 guesses\n$/,
    );
  });

  it('reports bad and contradictory answers on stderr, takes answers back, and plays on', async () => {
    // 0H0B to 0123 leaves 4-9; 0H0B to 4567 then leaves only 8 and 9: no four different symbols.
    const lines = ['0 0', 'nonsense', '3H1B', 'hint', '0 0', 'undo', 'undo', 'help'];
    const secret = '1357';
    const truthful = ['0123', '1045', '1256', '1274', '1357'].map((g) => answer(secret, g));
    const { status, out, err } = await play([...lines, ...truthful].join('\n'));
    expect(status).toBe(0);
    expect(err.split('\n')).toEqual([
      "codebreaker: cannot read the answer 'nonsense': write hits and blows as 2H1B, '2 1' or 2,1",
      'codebreaker: the answer 3H1B cannot occur with 4 pegs of 10 colours without repetition',
      "codebreaker: 'hint' is for the codebreaker role; here: undo, help, quit",
      'codebreaker: 0H0B to 4567 contradicts your answer 0H0B to 0123 (guess 1)',
      'codebreaker: there is no answer to take back yet',
      '',
    ]);
    expect(guessesOf(out)).toEqual(['0123', '4567', '0123', '1045', '1256', '1274', '1357']);
    expect(out).toContain('  took back 0H0B to 0123 (guess 1)\n  1. 0123\n');
    expect(out).toContain('  undo     take back your last answer\n');
    expect(out).toContain('solved in 5 guesses');
  });

  it('exits 1 when the input ends before the game is over, 0 on quit', async () => {
    const ended = await play('0 2\n');
    expect(ended.status).toBe(1);
    expect(ended.err).toBe('codebreaker: the input ended before the game was over\n');
    const noInput = await play(undefined);
    expect(noInput.status).toBe(1);
    const left = await play('0 2\nquit\n1 1\n');
    expect(left.status).toBe(0);
    expect(left.err).toBe('');
    expect(left.out).toMatch(/ {2}2\. 1045\n {2}game left unfinished\n$/);
  });
});

describe('codebreaker play, codebreaker role', () => {
  const game = gameFor(resolveRules({ game: 'hit-and-blow' }));
  const codes = naiveCodes(4, '012345', false);

  it('scores guesses, hints, and is solved by guessing the seeded secret', async () => {
    const secret = game.codes.make(secretFromSeed(game, 5));
    const first = secret === '0123' ? '0124' : '0123';
    const left = codes.filter((code) => answer(code, first) === answer(secret, first));
    const input = [first, 'hint', '01234', '0012', 'undo', secret, 'give up'].join('\n');
    const { status, out, err } = await play(
      input,
      '--game',
      'hit-and-blow',
      '--role',
      'codebreaker',
      '--seed',
      '5',
    );
    expect(status).toBe(0);
    expect(out).toContain(
      'I have picked a secret (seed 5; --seed 5 picks it again): 4 different symbols from 012345.',
    );
    expect(out).toContain(`  1. ${first}\n     ${answer(secret, first)}  `);
    expect(out).toContain(
      `  hint: ${left.length} secrets still possible; first-consistent would guess ${left[0]}\n`,
    );
    expect(out).toMatch(
      new RegExp(
        ` {2}2\\. ${secret}\\n {5}4H0B {2}●●●● {2}4 hits, 0 blows: solved in 2 guesses\\n$`,
      ),
    );
    expect(err.split('\n')).toEqual([
      "codebreaker: the code '01234' has 5 symbols; codes here have 4",
      "codebreaker: the code '0012' repeats '0', but this game does not allow repetition",
      "codebreaker: 'undo' is for the codemaker role; here: hint, give up, help, quit",
      '',
    ]);
  });

  it("a code spelt like a command is a guess, ':' makes it the command, a repeat is said", async () => {
    const argv = ['--alphabet', 'hintxy', '--pegs', '4', '--colors', '6', '--role', 'codebreaker'];
    const { status, out, err } = await play(
      'hint\n:hint\nhint\n:give up\n',
      ...argv,
      '--seed',
      '3',
    );
    expect(status).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(/ {2}1\. hint\n {5}\dH\dB /);
    expect(out).toMatch(/ {2}hint: \d+ secrets? still possible;/);
    expect(out).toMatch(
      / {2}2\. hint\n[^\n]+\n {5}\(the same guess as guess 1: it counts, but tells nothing new\)\n/,
    );
    expect(out).toMatch(/you gave up after 2 guesses/);
  });

  it('give up reveals the secret the seed picks', async () => {
    const { status, out } = await play(
      '0123\ngive up\n0123\n',
      '--role',
      'codebreaker',
      '--seed',
      '77',
    );
    const moo = gameFor(resolveRules({}));
    const secret = moo.codes.make(secretFromSeed(moo, 77));
    expect(status).toBe(0);
    expect(out).toMatch(
      new RegExp(`\\n {2}the secret was ${secret} \\(you gave up after 1 guess\\)\\n$`),
    );
    expect(out).toContain(`     ${answer(secret, '0123')}  `);
  });
});

describe('codebreaker play, black pegs only', () => {
  const black = ['--game', 'mastermind', '--feedback', 'black'];

  it('as codemaker, takes the hits alone (2 or 2H), refuses blows and says what it expects', async () => {
    const secret = '6543';
    const codes = naiveCodes(4, '123456', true);
    const guesses = naiveFirstConsistent(codes, secret, naiveBlackAnswer);
    const answers = guesses.map((g, i) => `${naiveHits(secret, g)}${i % 2 === 0 ? '' : 'H'}`);
    const input = ['1H1B', '5', 'help', ...answers].join('\n');
    const { status, out, err } = await play(input, ...black);
    expect(status).toBe(0);
    expect(err.split('\n')).toEqual([
      "codebreaker: cannot read the answer '1H1B': this game answers with hits only: write the number of hits (black pegs) as 2 or 2H",
      'codebreaker: the answer 5H cannot occur with 4 pegs',
      '',
    ]);
    expect(out).toContain(
      'Mastermind with black pegs only (4 pegs, 6 colours, repetition allowed; hits, no blows)\n',
    );
    expect(out).toContain(
      'answer each guess with its hits (black pegs: right symbol, right place)',
    );
    expect(out).toContain('  Answer my guess with its number of hits (black pegs): 2 or 2H.\n');
    expect(guessesOf(out)).toEqual(guesses);
    const first = naiveHits(secret, guesses[0]);
    const left = codes.filter((code) => naiveHits(code, guesses[0]) === first).length;
    expect(out).toContain(
      `\n     ${first}H  ${'●'.repeat(first)}${'·'.repeat(4 - first)}  ${first} hit${first === 1 ? '' : 's'}; ${left} secrets left\n`,
    );
    expect(out).toMatch(
      new RegExp(
        `\\. ${secret}\\n {5}4H {2}●●●● {2}4 hits: solved in ${guesses.length} guesses\\n$`,
      ),
    );
  });

  it('as codebreaker, scores each guess with its hits alone', async () => {
    const game = gameFor(resolveRules({ game: 'mastermind', feedback: 'black' }));
    const secret = game.codes.make(secretFromSeed(game, 11));
    const { status, out, err } = await play(
      '1122\ngive up\n',
      ...black,
      '--role',
      'codebreaker',
      '--seed',
      '11',
    );
    expect([status, err]).toEqual([0, '']);
    expect(out).toContain(
      'Guess it: each answer counts hits only (black pegs: right symbol, right place).',
    );
    const hits = naiveHits(secret, '1122');
    expect(out).toContain(
      `  1. 1122\n     ${hits}H  ${'●'.repeat(hits)}${'·'.repeat(4 - hits)}  ${hits} hit${hits === 1 ? '' : 's'}\n`,
    );
    expect(out).toContain(`the secret was ${secret} (you gave up after 1 guess)`);
  });
});

describe('codebreaker play, lines it echoes', () => {
  it('escapes control characters and cuts a long line, in either role', async () => {
    const maker = await play(`0\x1b[2J\x07 2\n${'9'.repeat(10_000)}\nquit\n`);
    const format = "write hits and blows as 2H1B, '2 1' or 2,1";
    expect(maker.status).toBe(0);
    expect(maker.err.split('\n')).toEqual([
      `codebreaker: cannot read the answer '0\\x1b[2J\\x07 2': ${format}`,
      `codebreaker: cannot read the answer '${'9'.repeat(40)}…' (10000 characters): ${format}`,
      '',
    ]);
    const breaker = await play('0\u202e23\nquit\n', '--role', 'codebreaker', '--seed', '1');
    expect([breaker.status, breaker.err]).toEqual([
      0,
      "codebreaker: '\\u202e' in the code '0\\u202e23' is not a symbol of the alphabet 0123456789\n",
    ]);
  });
});

describe('codebreaker play, bad flags', () => {
  const cases: [string[], RegExp][] = [
    [['--role', 'spy'], /^codebreaker: --role must be codemaker or codebreaker, not 'spy'\n$/],
    [['--role', 'codebreaker', '--seed', 'x'], /--seed must be a whole number, 0 or more, not 'x'/],
    [['--seed', '-1'], /--seed must be a whole number, 0 or more, not '-1'/],
    [['--strategy', 'knuth'], /unknown strategy 'knuth'/],
    [['--game', 'chess'], /unknown game 'chess'/],
  ];
  it.each(cases)('%j exits 2 with one line and nothing on stdout', async (argv, message) => {
    const { status, out, err } = await play('0 2\n', ...argv);
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err).toMatch(/^codebreaker: [^\n]+\n$/);
  });
});

/**
 * Runs the real executable and plays the other side through its pipes: `respond` sees each line
 * it prints and may write one line back, the way a script would.
 */
function converse(argv: string[], respond: (line: string) => string | undefined): Promise<Played> {
  const child = spawn(process.execPath, [CLI, 'play', ...argv]);
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    err += text;
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    out += `${line}\n`;
    const reply = respond(line);
    if (reply !== undefined) child.stdin.write(`${reply}\n`);
  });
  return new Promise((resolve) => {
    child.on('close', (status) => resolve({ status, out, err }));
  });
}

/** Whether util-linux `script`, which runs a command on a terminal of its own, is installed. */
const hasScript = spawnSync('script', ['--version']).status === 0;

/** `text` quoted for a POSIX shell. */
function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

describe('Ctrl-C at a prompt', () => {
  it('from a pipe: the signal ends the game with status 130, printing nothing more', async () => {
    const child = spawn(process.execPath, [CLI, 'play'], {
      env: { ...process.env, CODEBREAKER_SAY_LISTENING: '1' },
    });
    let out = '';
    let err = '';
    const waiting = () => err === 'codebreaker: listening\n' && out.endsWith('  1. 0123\n');
    const ended = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (status, signal) => resolve([status, signal])),
    );
    await new Promise<void>((resolve) => {
      const look = () => {
        if (waiting()) resolve();
      };
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        out += text;
        look();
      });
      child.stderr.setEncoding('utf8').on('data', (text: string) => {
        err += text;
        look();
      });
    });
    child.kill('SIGINT');
    expect(await ended).toEqual([130, null]);
    expect(err).toBe('codebreaker: listening\n');
    expect(out).toMatch(/\n {2}1\. 0123\n$/);
  });

  it.skipIf(!hasScript)(
    'on a terminal: the key ends the game with status 130 on a fresh line, not as the end of input',
    async () => {
      // `script` gives the command a terminal and passes it what this test writes: Ctrl-C is
      // then a key that readline reads, not a signal.
      const command = [process.execPath, CLI, 'play'].map(shellQuoted).join(' ');
      const child = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null']);
      let shown = '';
      const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
      await new Promise<void>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (text: string) => {
          shown += text;
          if (shown.includes('your answer: ')) resolve();
        });
      });
      child.stdin.write('\x03');
      expect(await ended).toBe(130);
      const after = shown.slice(shown.lastIndexOf('your answer: '));
      expect(after).toMatch(/^your answer: [^\n]*\n$/);
      expect(shown).not.toContain('codebreaker:');
    },
  );
});

describe('the executable, through pipes', () => {
  it('as codemaker: prints each guess before reading its answer, so a script can answer', async () => {
    const secret = '9431';
    const { status, out, err } = await converse([], (line) => {
      const guess = /^ {2}\d\. (\d{4})$/.exec(line)?.[1];
      return guess === undefined ? undefined : answer(secret, guess);
    });
    expect(err).toBe('');
    expect(status).toBe(0);
    expect(guessesOf(out).join(' ')).toBe('0123 1045 2354 3406 3561 6502 7431 8431 9431');
    expect(out).toContain('solved in 9 guesses');
  });

  it('as codebreaker: a script breaks the seeded secret, guessing from the answers it reads', async () => {
    const numeron = gameFor(resolveRules({ game: 'numeron' }));
    let left = naiveCodes(3, '0123456789', false);
    let guess = '';
    const { status, out, err } = await converse(
      ['--game', 'numeron', '--role', 'codebreaker', '--seed', '2024'],
      (line) => {
        const answered = /^ {5}(\dH\dB) /.exec(line)?.[1];
        if (line !== '' && answered === undefined) return undefined;
        if (answered !== undefined) left = left.filter((code) => answer(code, guess) === answered);
        if (line.includes('solved')) return undefined;
        guess = left[0];
        return guess;
      },
    );
    expect(err).toBe('');
    expect(status).toBe(0);
    expect(guess).toBe(numeron.codes.make(secretFromSeed(numeron, 2024)));
    expect(out).toMatch(/solved in \d guesses\n$/);
  });
});
