/**
 * The checker against certificates made here, for tiny games, by a generator that shares nothing
 * with it (its own codes, scoring by counting and symmetries over strings), and against a
 * deliberately simple exhaustive solver: a generated refutation checks exactly when the solver
 * says the game is not solvable within the depth, and a generated strategy exactly when it is.
 */
import { describe, expect, it } from 'vitest';
import { CertificateFlaw, type Checked, createChecker, describeClaim } from './checker.js';

interface TinyRules {
  pegs: number;
  colors: number;
  repeat: boolean;
  alphabet: string;
  feedback?: 'black';
}

function codesOf(rules: TinyRules): string[] {
  const out: string[] = [];
  const grow = (prefix: string) => {
    if (prefix.length === rules.pegs) {
      out.push(prefix);
      return;
    }
    for (const symbol of rules.alphabet) {
      if (!rules.repeat && prefix.includes(symbol)) continue;
      grow(prefix + symbol);
    }
  };
  grow('');
  return out;
}

function score(rules: TinyRules, guess: string, secret: string): string {
  let hits = 0;
  for (let i = 0; i < rules.pegs; i++) if (guess[i] === secret[i]) hits++;
  let common = 0;
  for (const symbol of rules.alphabet) {
    const inGuess = [...guess].filter((x) => x === symbol).length;
    const inSecret = [...secret].filter((x) => x === symbol).length;
    common += Math.min(inGuess, inSecret);
  }
  return `${hits}H${rules.feedback === 'black' ? 0 : common - hits}B`;
}

/** The classes `guess` leaves of `secrets`, by answer (in the order answers first occur). */
function leaves(rules: TinyRules, secrets: string[], guess: string): Map<string, string[]> {
  const classes = new Map<string, string[]>();
  for (const s of secrets) {
    if (s === guess) continue;
    const a = score(rules, guess, s);
    classes.set(a, [...(classes.get(a) ?? []), s]);
  }
  return classes;
}

function bound(rules: TinyRules, d: number): number {
  const p = rules.pegs;
  const others = rules.feedback === 'black' ? p : ((p + 1) * (p + 2)) / 2 - 2;
  return d === 0 ? 0 : 1 + others * bound(rules, d - 1);
}

/** Whether `secrets` is solvable within d: the definition, tried exhaustively. */
function solvable(rules: TinyRules, secrets: string[], d: number, memo = new Map()): boolean {
  if (secrets.length === 0) return true;
  if (d === 0) return false;
  const key = `${d}:${secrets.join(',')}`;
  if (!memo.has(key)) {
    memo.set(
      key,
      codesOf(rules).some((g) =>
        [...leaves(rules, secrets, g).values()].every((c) => solvable(rules, c, d - 1, memo)),
      ),
    );
  }
  return memo.get(key);
}

/** σ(code): the character at place i, renamed, moves to place places[i]. */
function applySymmetry(rules: TinyRules, places: number[], colours: number[], code: string) {
  const out: string[] = [];
  for (let i = 0; i < rules.pegs; i++) {
    out[places[i]] = rules.alphabet[colours[rules.alphabet.indexOf(code[i])]];
  }
  return out.join('');
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

function header(rules: TinyRules, depth: number, holds: boolean): string {
  return JSON.stringify({
    format: 'codebreaker-certificate',
    version: 1,
    rules,
    claim: { kind: 'within-depth', depth, holds },
  });
}

/** A node line, written by hand so that `refuted` keeps its order whatever its keys look like. */
function nodeLine(
  at: string[][],
  left: number,
  refuted: [string, string][],
  symmetries?: object[],
) {
  const entries = refuted.map(([g, a]) => `${JSON.stringify(g)}:${JSON.stringify(a)}`);
  const sym = symmetries ? `,"symmetries":${JSON.stringify(symmetries)}` : '';
  return `{"at":${JSON.stringify(at)},"left":${left}${sym},"refuted":{${entries.join(',')}}}`;
}

/**
 * A refutation of "solvable within d": each guess (each orbit's least, with `symmetric`) is left
 * to the bound where it refutes it, else given a child whose class is not solvable within d - 1;
 * a guess with no such child is left unrefuted, so the certificate fails where the claim is false.
 */
function refutation(rules: TinyRules, d: number, symmetric = false): string[] {
  const all = codesOf(rules);
  const lines = [header(rules, d, false)];
  const memo = new Map();
  const walk = (at: string[][], secrets: string[], left: number) => {
    let guesses = all;
    let symmetries: object[] | undefined;
    if (symmetric) {
      const inClass = new Set(secrets);
      const group = permutations(rules.pegs).flatMap((places) =>
        permutations(rules.colors).map((colours) => ({ places, colours })),
      );
      const stabilizer = group.filter(({ places, colours }) =>
        secrets.every((s) => inClass.has(applySymmetry(rules, places, colours, s))),
      );
      symmetries = stabilizer;
      guesses = all.filter((g) =>
        stabilizer.every(({ places, colours }) => applySymmetry(rules, places, colours, g) >= g),
      );
    }
    const refuted: [string, string][] = [];
    for (const g of guesses) {
      const classes = leaves(rules, secrets, g);
      if ([...classes.values()].some((c) => c.length > bound(rules, left - 1))) continue;
      const child = [...classes].find(([, c]) => !solvable(rules, c, left - 1, memo));
      if (child) refuted.push([g, child[0]]);
    }
    lines.push(nodeLine(at, left, refuted, symmetries));
    for (const [g, a] of refuted) {
      walk([...at, [g, a]], leaves(rules, secrets, g).get(a) ?? [], left - 1);
    }
  };
  walk([], all, d);
  return lines;
}

interface TreeNode {
  guess: string;
  children: Record<string, TreeNode>;
}

/** A strategy within d found by exhaustive search, or undefined. */
function strategy(rules: TinyRules, secrets: string[], d: number): TreeNode | undefined {
  if (d === 0) return undefined;
  for (const guess of codesOf(rules)) {
    const children: Record<string, TreeNode> = {};
    let ok = true;
    for (const [a, c] of leaves(rules, secrets, guess)) {
      const child = strategy(rules, c, d - 1);
      if (!child) {
        ok = false;
        break;
      }
      children[a] = child;
    }
    if (ok) return { guess, children };
  }
  return undefined;
}

function treeCertificate(rules: TinyRules, depth: number, tree: TreeNode): string[] {
  return [header(rules, depth, true), JSON.stringify({ tree })];
}

/** The checker's verdict on `lines`: what it proved, or its flaw. */
function check(lines: string[]): Checked | CertificateFlaw {
  const checker = createChecker();
  try {
    for (const line of lines) checker.line(line);
    return checker.end();
  } catch (error) {
    if (error instanceof CertificateFlaw) return error;
    throw error;
  }
}

function flawOf(lines: string[]): CertificateFlaw {
  const verdict = check(lines);
  if (!(verdict instanceof CertificateFlaw)) throw new Error('the certificate checked');
  return verdict;
}

const AB2: TinyRules = { pegs: 2, colors: 2, repeat: true, alphabet: 'ab' };
const ABC3: TinyRules = { pegs: 3, colors: 3, repeat: true, alphabet: 'abc' };

const TINY: TinyRules[] = [
  AB2,
  { pegs: 1, colors: 3, repeat: true, alphabet: 'xyz' },
  { pegs: 2, colors: 3, repeat: true, alphabet: '123' },
  { pegs: 2, colors: 3, repeat: false, alphabet: 'abc' },
  { pegs: 3, colors: 2, repeat: true, alphabet: '01' },
  { pegs: 2, colors: 4, repeat: false, alphabet: 'wxyz' },
  { pegs: 3, colors: 3, repeat: false, alphabet: 'abc' },
  { pegs: 2, colors: 3, repeat: true, alphabet: 'abc', feedback: 'black' },
  { pegs: 3, colors: 2, repeat: true, alphabet: 'ab', feedback: 'black' },
];

describe('the checker against an exhaustive solver', () => {
  const seen = new Set<boolean>();
  for (const rules of TINY) {
    for (let d = 1; d <= 4; d++) {
      const name = `${rules.pegs}x${rules.colors} ${rules.repeat ? 'r' : 'nr'} ${rules.feedback ?? 'full'} within ${d}`;
      it(name, () => {
        const truth = solvable(rules, codesOf(rules), d);
        seen.add(truth);
        for (const symmetric of [false, true]) {
          const verdict = check(refutation(rules, d, symmetric));
          expect(verdict instanceof CertificateFlaw).toBe(truth);
        }
        const tree = strategy(rules, codesOf(rules), truth ? d : d + 2);
        if (tree)
          expect(check(treeCertificate(rules, d, tree)) instanceof CertificateFlaw).toBe(!truth);
      });
    }
  }
  it('met games solvable and not', () => expect(seen).toEqual(new Set([true, false])));
});

describe('certificates that check', () => {
  it('proves 2x2 not solvable within 2 by the bound alone, and within 1', () => {
    expect(check([header(AB2, 2, false), nodeLine([], 2, [])])).toEqual({
      rules: { ...AB2, feedback: 'full' },
      claim: { kind: 'within-depth', depth: 2, holds: false },
      nodes: 1,
    });
    expect(check([header(AB2, 1, false), nodeLine([], 1, [])])).toMatchObject({ nodes: 1 });
  });

  it('checks a refutation with children, with and without symmetries', () => {
    const plain = check(refutation(ABC3, 3));
    const symmetric = check(refutation(ABC3, 3, true));
    expect(plain).toMatchObject({ nodes: expect.any(Number) });
    expect(symmetric).toMatchObject({ nodes: expect.any(Number) });
    expect((symmetric as Checked).nodes).toBeLessThan((plain as Checked).nodes);
  });

  it('checks a strategy, and says the claim in words', () => {
    const tree = strategy(AB2, codesOf(AB2), 3)!;
    const verdict = check(treeCertificate(AB2, 3, tree)) as Checked;
    // aa; 1H0B: ab, then ba; 0H0B: aa again (the first code that works), then bb.
    expect(verdict.nodes).toBe(5);
    expect(describeClaim(verdict.rules, verdict.claim)).toBe(
      '2 pegs, 2 colours with repetition: a strategy finds every secret within 3 guesses',
    );
    expect(
      describeClaim({ ...AB2, feedback: 'full' }, { kind: 'within-depth', depth: 1, holds: false }),
    ).toBe('2 pegs, 2 colours with repetition: no strategy finds every secret within 1 guess');
  });

  it('reads black-peg answers as 2H or 2H0B', () => {
    const rules = TINY[7];
    const tree = strategy(rules, codesOf(rules), 4)!;
    const short = JSON.stringify({ tree }).replace(/H0B/g, 'H');
    expect(check([header(rules, 4, true), short])).toMatchObject({ nodes: expect.any(Number) });
  });
});

describe('flaws', () => {
  const good = refutation(ABC3, 3);
  const symmetric = refutation(ABC3, 3, true);
  const reason = (lines: string[]) => flawOf(lines).why;

  it('names the line and the position', () => {
    const lines = [...good];
    const child = lines.findIndex((line, i) => i > 1);
    const node = JSON.parse(lines[child]);
    lines[child] = lines[child].replace(`"left":${node.left}`, `"left":${node.left + 1}`);
    const flaw = flawOf(lines);
    expect(flaw.line).toBe(child + 1);
    expect(flaw.at).toBe(JSON.stringify(node.at));
    expect(flaw.message).toBe(`line ${child + 1} (at ${flaw.at}): ${flaw.why}`);
    expect(flaw.why).toMatch(/left is \d; the node expected here has \d left/);
  });

  it('a wrong answer in refuted', () => {
    const root = JSON.parse(good[1]);
    const [guess, answer] = Object.entries(root.refuted)[0] as [string, string];
    const secrets = codesOf(ABC3);
    const classes = leaves(ABC3, secrets, guess);
    // An answer whose class is solvable within 2: its child cannot be refuted.
    const other = [...classes].find(([a, c]) => a !== answer && solvable(ABC3, c, 2))![0];
    const end = good.findIndex((line, i) => i > 2 && JSON.parse(line).at.length === 1);
    const rewritten = good[1].replace(`"${guess}":"${answer}"`, `"${guess}":"${other}"`);
    // The old child where the new one is expected: its position differs.
    expect(reason([good[0], rewritten, ...good.slice(2)])).toMatch(
      /^at \[0\] is .*; the node expected here is at \[\[/,
    );
    // The new child, refuted by the bound alone: some guess escapes it.
    const child = nodeLine([[guess, other]], 2, []);
    const flaw = flawOf([good[0], rewritten, child, ...good.slice(end)]);
    expect(flaw.line).toBe(3);
    expect(flaw.why).toMatch(/no guess of the orbit of \w+ \(1 code\) is refuted/);
    // The winning answer, and one no code gets: the class is empty.
    for (const empty of ['3H0B', '2H1B']) {
      const line = good[1].replace(`"${guess}":"${answer}"`, `"${guess}":"${empty}"`);
      expect(reason([good[0], line, ...good.slice(2)])).toMatch(/the class is empty/);
    }
    // Not an answer at all.
    const line = good[1].replace(`"${guess}":"${answer}"`, `"${guess}":"4H0B"`);
    expect(reason([good[0], line])).toMatch(/not an answer of the game/);
  });

  it('a child missing, an extra line, a file that ends early', () => {
    expect(reason([...good.slice(0, 2), ...good.slice(3)])).toMatch(/the node expected here is at/);
    expect(reason([...good, good[1]])).toMatch(/after the last node/);
    const early = flawOf(good.slice(0, -1));
    expect(early.why).toMatch(/the file ends before the node at/);
    expect(early.line).toBe(good.length);
    expect(reason([...good.slice(0, 2), '', ...good.slice(2)])).toMatch(/blank line/);
  });

  it('refuted out of code order, a guess named twice', () => {
    const swapped = good[1].replace(
      /"refuted":\{("[a-c]+":"\w+"),("[a-c]+":"\w+")/,
      '"refuted":{$2,$1',
    );
    expect(swapped).not.toBe(good[1]);
    expect(reason([good[0], swapped, ...good.slice(2)])).toMatch(/not in code order/);
    const twice = good[1].replace(/"refuted":\{("[a-c]+":"\w+")/, '"refuted":{$1,$1');
    expect(reason([good[0], twice, ...good.slice(2)])).toMatch(/twice/);
  });

  it('integer-like keys keep their order (not JSON.parse order)', () => {
    const rules: TinyRules = { pegs: 2, colors: 3, repeat: true, alphabet: '123' };
    const lines = refutation(rules, 2);
    // Within 2 the bound refutes everything; a refuted list is made by hand: 21 before 12.
    const bad = nodeLine([], 2, [
      ['21', '0H2B'],
      ['12', '0H2B'],
    ]);
    expect(reason([lines[0], bad])).toMatch(/not in code order: 12 comes after 21/);
  });

  it('a symmetry that does not map the class onto itself, a non-permutation', () => {
    const childIndex = symmetric.findIndex((line, i) => i > 1 && line.includes('"symmetries"'));
    const child = JSON.parse(symmetric[childIndex]);
    const swapColours = { places: [0, 1, 2], colours: [1, 0, 2] };
    const node = nodeLine(
      child.at,
      child.left,
      Object.entries(child.refuted) as [string, string][],
      [...child.symmetries, swapColours],
    );
    const lines = [...symmetric];
    lines[childIndex] = node;
    expect(reason(lines)).toMatch(/does not map the class onto itself/);
    for (const bad of [
      { places: [0, 0, 2], colours: [0, 1, 2] },
      { places: [0, 1, 2], colours: [0, 1, 3] },
      { places: [0, 1], colours: [0, 1, 2] },
      { places: [0, 1, 2] },
      { places: [0, 1, 2], colours: [0, 1, 2], extra: 1 },
    ]) {
      lines[childIndex] = nodeLine(child.at, child.left, [], [bad]);
      expect(reason(lines)).toMatch(/not a permutation|not a list|lacks the key|unknown key/);
    }
  });

  it('an orbit left unrefuted', () => {
    const root = JSON.parse(symmetric[1]);
    const lines = [...symmetric];
    // The root's symmetries with the first refuted guess (and so its whole subtree) dropped.
    const refuted = Object.entries(root.refuted) as [string, string][];
    const rest = refutation(ABC3, 3, true).slice(2);
    lines[1] = nodeLine([], 3, refuted.slice(1), root.symmetries);
    const firstChild = rest.findIndex(
      (line) => JSON.parse(line).at.length === 1 && JSON.parse(line).at[0][0] === refuted[1][0],
    );
    expect(reason([lines[0], lines[1], ...rest.slice(firstChild)])).toMatch(
      /no guess of the orbit of \w+ \(\d+ codes?\) is refuted/,
    );
    // Without symmetries, every guess must be refuted: dropping them is a flaw too.
    lines[1] = nodeLine([], 3, refuted);
    expect(reason(lines)).toMatch(/no guess of the orbit of/);
  });

  it('left wrong, a refuted guess at 1 left, at wrong', () => {
    expect(reason([good[0], good[1].replace('"left":3', '"left":2'), ...good.slice(2)])).toMatch(
      /left is 2/,
    );
    expect(reason([header(AB2, 1, false), nodeLine([], 1, [['aa', '0H0B']])])).toMatch(
      /with 1 guess left its child would have 0/,
    );
    expect(reason([good[0], good[1].replace('"at":[]', '"at":[["aaa","0H0B"]]')])).toMatch(
      /at has 1 turns/,
    );
  });

  it('a child whose class is empty', () => {
    // 2x2: aa never gets 0H1B.
    expect(reason([header(AB2, 2, false), nodeLine([], 2, [['aa', '0H1B']])])).toMatch(
      /the class is empty/,
    );
  });

  it('a strategy that misses a secret, exceeds the depth, or has a child no secret reaches', () => {
    const tree = strategy(AB2, codesOf(AB2), 3)!;
    expect(flawOf(treeCertificate(AB2, 2, tree)).why).toMatch(/not found within 2 guesses/);
    const missing = structuredClone(tree);
    const key = Object.keys(missing.children)[0];
    delete missing.children[key];
    expect(flawOf(treeCertificate(AB2, 3, missing)).why).toMatch(
      /there is no child for that answer/,
    );
    const extra = structuredClone(tree);
    extra.children['0H1B'] = { guess: 'aa', children: {} };
    if (Object.keys(tree.children).includes('0H1B'))
      extra.children['2H0B'] = { guess: 'aa', children: {} };
    expect(flawOf(treeCertificate(AB2, 3, extra)).why).toMatch(
      /reached by no secret|winning answer/,
    );
    const flaw = flawOf([
      header(AB2, 3, true),
      JSON.stringify({ tree: { guess: 'ab', children: { '1H0B': { guess: 'aa' } } } }),
    ]);
    expect(flaw.why).toMatch(/no child for that answer|not found/);
    expect(reason([...treeCertificate(AB2, 3, tree), '{}'])).toMatch(/after the tree/);
    expect(reason([header(AB2, 3, true)])).toMatch(/ends before the tree line/);
    expect(flawOf(treeCertificate(AB2, 3, { guess: 'abc', children: {} })).at).toBe('[]');
  });

  it('a bad header, version, claim kind; not a certificate; malformed JSON', () => {
    const h = JSON.parse(header(AB2, 2, false));
    const with_ = (change: object) => JSON.stringify({ ...h, ...change });
    const cases: [string, RegExp][] = [
      ['{"format":"something-else"}', /not a certificate/],
      ['[1,2]', /not a certificate/],
      [with_({ version: 2 }), /version 2 is not known/],
      [
        with_({ claim: { kind: 'least-total', total: 5 } }),
        /claim kind "least-total" is not known/,
      ],
      [with_({ claim: { kind: 'within-depth', depth: 0, holds: false } }), /claim.depth is 0/],
      [with_({ claim: { kind: 'within-depth', depth: 2, holds: 'no' } }), /claim.holds/],
      [with_({ claim: { kind: 'within-depth', holds: false, depth: 2 } }), /out of order/],
      [with_({ rules: { ...AB2, pegs: 0 } }), /rules.pegs is 0/],
      [with_({ rules: { ...AB2, alphabet: 'aa' } }), /not 2 distinct characters/],
      [with_({ rules: { ...AB2, feedback: 'white' } }), /rules.feedback/],
      [with_({ rules: { ...AB2, repeat: false, colors: 1, alphabet: 'a' } }), /rules.colors is 1/],
      [
        with_({ rules: { pegs: 3, colors: 2, repeat: false, alphabet: 'ab' } }),
        /need at least 3 colours/,
      ],
      [
        with_({
          rules: {
            pegs: 20,
            colors: 36,
            repeat: true,
            alphabet: '0123456789abcdefghijklmnopqrstuvwxyz',
          },
        }),
        /too large/,
      ],
      [with_({ extra: true }), /unknown key "extra"/],
      ['{"format":"codebreaker-certificate","version":1.0}', /not a whole number/],
      ['{"format":"codebreaker-certificate",', /not JSON/],
    ];
    for (const [line, why] of cases) expect(reason([line, nodeLine([], 2, [])])).toMatch(why);
    expect(flawOf([]).why).toMatch(/empty/);
    for (const bad of [
      '{"at":[],"left":2,"refuted":{}',
      '{"at":[],"left":2,"refuted":{}} x',
      'null',
      '"x"',
      '{"at":[],"left":2e0,"refuted":{}}',
      '{"at":[],"left":2,"refuted":{},"at":[]}',
    ]) {
      expect(reason([header(AB2, 2, false), bad])).toMatch(/not JSON|not an object|twice/);
    }
    expect(reason([header(AB2, 2, false), `${'['.repeat(2000)}${']'.repeat(2000)}`])).toMatch(
      /nested more than/,
    );
  });
});

describe('damaged certificates', () => {
  it('end in a flaw, never in another error', () => {
    // A small deterministic generator, so that a failure can be replayed.
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pieces = [
      '',
      '0',
      '1',
      '9',
      '-1',
      'a',
      'c',
      'd',
      '"',
      ',',
      '[',
      ']',
      '{',
      '}',
      ':',
      'H',
      'B',
      '2e3',
      'null',
      '\\u0000',
    ];
    const certificates = [
      refutation(ABC3, 3, true),
      refutation(TINY[6], 3, true),
      treeCertificate(ABC3, 4, strategy(ABC3, codesOf(ABC3), 4)!),
    ];
    let flaws = 0;
    for (let round = 0; round < 600; round++) {
      const lines = [...certificates[round % certificates.length]];
      const i = random(lines.length);
      const at = random(lines[i].length + 1);
      const cut = random(4);
      lines[i] = lines[i].slice(0, at) + pieces[random(pieces.length)] + lines[i].slice(at + cut);
      const verdict = check(lines);
      if (verdict instanceof CertificateFlaw) flaws++;
    }
    expect(flaws).toBeGreaterThan(400);
  });
});
