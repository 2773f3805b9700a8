import { describe, expect, it } from 'vitest';
import { type JsonNode, type NaiveDefect, naiveTreeChecker } from '../test/naive-tree.js';
import { naiveCodes, seededRandom } from '../test/naive.js';
import { analyze, summarize } from './analyze.js';
import { CodebreakerError } from './errors.js';
import { Game } from './game.js';
import { resolveRules } from './rules.js';
import { solve } from './solve.js';
import { createStrategy } from './strategies/index.js';
import { treeToDot } from './tree-dot.js';
import { parseTree, treeToJson } from './tree-json.js';
import { type TreeNode, buildTree, treeLevels, verifyTree } from './tree.js';

const moo = new Game(resolveRules({ game: 'moo' }));
const mastermind = new Game(resolveRules({ game: 'mastermind' }));
const hitAndBlow = new Game(resolveRules({ game: 'hit-and-blow' }));

/** The first-consistent tree of `game` as the text of a tree file. */
function treeFile(game: Game): string {
  return JSON.stringify(treeToJson(buildTree(game, createStrategy('first-consistent'))));
}

describe('a tree built from a strategy', () => {
  it.each([
    ['moo', 28024, 9, moo],
    ['mastermind', 7471, 9, mastermind],
  ] as const)(
    'first-consistent on %s round-trips through JSON and verifies: total %i, max %i',
    (_, total, max, game) => {
      const text = treeFile(game);
      const tree = parseTree(text);
      expect(JSON.stringify(treeToJson(tree))).toBe(text);
      const verdict = verifyTree(tree);
      if (!verdict.valid) throw new Error(verdict.reason);
      const stats = summarize(verdict.guesses);
      expect(stats.total).toBe(total);
      expect(stats.max).toBe(max);
      const analysis = analyze(game, createStrategy('first-consistent'));
      expect(Array.from(verdict.guesses)).toEqual(Array.from(analysis.guesses));
      expect(treeLevels(tree)).toEqual(analysis.histogram.slice(1));
    },
  );

  it('holds the games solve plays, for a random-consistent seed', () => {
    const strategy = createStrategy('random-consistent', { seed: 11 });
    const tree = buildTree(hitAndBlow, strategy);
    for (let secret = 0; secret < hitAndBlow.size; secret++) {
      let node: TreeNode | undefined = tree.root;
      for (const turn of solve(hitAndBlow, strategy, secret)) {
        expect(node?.guess).toBe(turn.guess);
        node = node?.children.get(turn.answer);
      }
      expect(node).toBeUndefined();
    }
  });

  it.each([
    { pegs: 3, colors: 6, repeat: false },
    { pegs: 3, colors: 4, repeat: true },
  ])('is played the same way by a naive player of the JSON, on %o', (options) => {
    const game = new Game(resolveRules(options));
    const tree = buildTree(game, createStrategy('random-consistent', { seed: 3 }));
    const naive = naiveTreeChecker(options.pegs, game.rules.alphabet, options.repeat);
    const expected = naive(treeToJson(tree).root);
    const verdict = verifyTree(tree);
    expect(expected.valid && verdict.valid).toBe(true);
    if (expected.valid && verdict.valid) {
      expect(Array.from(verdict.guesses)).toEqual(expected.guesses);
    }
  });
});

describe('trees of black-peg games', () => {
  const options = [
    { pegs: 3, colors: 4, repeat: true },
    { pegs: 4, colors: 5, repeat: false },
  ];
  it.each(options)('are keyed by hits alone and played so by a naive player, on %o', (shape) => {
    const game = new Game(resolveRules({ ...shape, feedback: 'black' }));
    const tree = buildTree(game, createStrategy('minimax'));
    const json = treeToJson(tree);
    expect(json.rules).toEqual({ ...shape, alphabet: game.rules.alphabet, feedback: 'black' });
    const keys = new Set<string>();
    const collect = (node: JsonNode) => {
      for (const [key, child] of Object.entries(node.children)) {
        keys.add(key);
        collect(child);
      }
    };
    collect(json.root as JsonNode);
    for (const key of keys) expect(key).toMatch(/^\dH$/);
    const naive = naiveTreeChecker(shape.pegs, game.rules.alphabet, shape.repeat, true);
    const expected = naive(json.root as JsonNode);
    const read = parseTree(JSON.stringify(json));
    expect(read.game.rules).toEqual(game.rules);
    const verdict = verifyTree(read);
    expect(expected.valid && verdict.valid).toBe(true);
    if (expected.valid && verdict.valid) {
      expect(Array.from(verdict.guesses)).toEqual(expected.guesses);
      expect(Array.from(verdict.guesses)).toEqual(
        Array.from(analyze(game, createStrategy('minimax')).guesses),
      );
    }
  });

  it('are invalid read as a game of hits and blows, and refuse keys with blows', () => {
    const game = new Game(resolveRules({ pegs: 3, colors: 4, repeat: true, feedback: 'black' }));
    const json = treeToJson(buildTree(game, createStrategy('first-consistent')));
    const { feedback: _, ...fullRules } = json.rules;
    const asFull = verifyTree(parseTree(JSON.stringify({ ...json, rules: fullRules })));
    expect(asFull.valid).toBe(false);
    const root = json.root as JsonNode;
    const [key] = Object.keys(root.children);
    root.children[`${key}0B`] = root.children[key];
    const withBlows = verifyTree(parseTree(JSON.stringify(json)));
    expect(withBlows.valid).toBe(false);
    if (!withBlows.valid) {
      expect(withBlows.reason).toContain(
        `has a branch '${key}0B' that is no answer: cannot read the answer '${key}0B': this game answers with hits only`,
      );
    }
    expect(() =>
      parseTree(JSON.stringify({ ...json, rules: { ...json.rules, feedback: 'white' } })),
    ).toThrow(
      'rules must be {"pegs":N,"colors":K,"repeat":true|false,"alphabet":"..."}, with "feedback":"black" for hits only',
    );
  });
});

/** `children` without the branch `key`. */
function without(children: Record<string, JsonNode>, key: string): Record<string, JsonNode> {
  return Object.fromEntries(Object.entries(children).filter(([k]) => k !== key));
}

/** A deep copy of moo's first-consistent tree file, to corrupt. */
function mooDoc(): { rules: unknown; root: JsonNode } {
  return JSON.parse(mooText);
}
const mooText = treeFile(moo);

function verdictOf(doc: unknown): { secret: string; reason: string } {
  const verdict = verifyTree(parseTree(JSON.stringify(doc)));
  if (verdict.valid) throw new Error('the corrupted tree verified');
  return { secret: moo.codes.make(verdict.secret), reason: verdict.reason };
}

describe('verify names the first secret a corrupted tree fails', () => {
  it('a secret that falls off: no branch for its answer', () => {
    const doc = mooDoc();
    doc.root.children = without(doc.root.children, '0H0B');
    // The first code with none of 0, 1, 2, 3.
    expect(verdictOf(doc)).toEqual({
      secret: '4567',
      reason: 'the answer 0H0B to 0123 has no branch',
    });
  });

  it('a leaf reached by several secrets', () => {
    const doc = mooDoc();
    const node = doc.root.children['3H0B'];
    expect(node.guess).toBe('0124');
    node.children = {};
    // 0124 is guessed; 0125 is the next of the 4 × 6 codes with 3 hits on 0123.
    expect(verdictOf(doc)).toEqual({
      secret: '0125',
      reason: 'after 0123 3H0B: the tree ends at the guess 0124 with 24 secrets still possible',
    });
  });

  it('the first of several failures, in code order', () => {
    const doc = mooDoc();
    doc.root.children = without(doc.root.children, '0H0B');
    doc.root.children['3H0B'].children = {};
    expect(verdictOf(doc).secret).toBe('0125');
  });

  it.each([
    ['1123', "the code '1123' repeats '1'"],
    ['01234', "the code '01234' has 5 symbols; codes here have 4"],
    ['01a3', "'a' in the code '01a3' is not a symbol"],
  ])('a guess that breaks the rules: %s', (guess, message) => {
    const doc = mooDoc();
    doc.root.children['0H1B'].guess = guess;
    // The first code with exactly one of 0-3, out of place: 1 leading, then none of 0-3.
    const { secret, reason } = verdictOf(doc);
    expect(secret).toBe('1456');
    expect(reason).toContain(`after 0123 0H1B: the guess '${guess}' is not a code of these rules`);
    expect(reason).toContain(message);
    expect(() => treeToJson(parseTree(JSON.stringify(doc)))).toThrow(CodebreakerError);
  });

  it.each([
    ['9H9B', /branch '9H9B' that is no answer/],
    ['3H1B', /branch '3H1B' that is no answer: the answer 3H1B cannot occur/],
    ['hits', /branch 'hits' that is no answer: cannot read the answer 'hits'/],
    ['4H0B', /branch for 4H0B, but guessing the secret ends the game/],
  ])('a key that is no answer: %s', (key, reason) => {
    const doc = mooDoc();
    doc.root.children[key] = { guess: '4567', children: {} };
    const failed = verdictOf(doc);
    expect(failed.secret).toBe('0123');
    expect(failed.reason).toMatch(reason);
  });

  it('two keys for one answer', () => {
    const doc = mooDoc();
    doc.root.children['0,0'] = { guess: '4567', children: {} };
    expect(verdictOf(doc).reason).toBe(
      "the guess 0123 has two branches for 0H0B: '0H0B' and '0,0'",
    );
  });

  it('a key no secret still possible gives', () => {
    const doc = mooDoc();
    const node = doc.root.children['0H0B'];
    expect(node.guess).toBe('4567');
    // Codes over 4-9 with none of 4, 5, 6, 7 would need four symbols from 8 and 9.
    node.children['0H0B'] = { guess: '8989', children: {} };
    expect(verdictOf(doc)).toEqual({
      secret: '4567',
      reason:
        'after 0123 0H0B: the guess 4567 has a branch for 0H0B, which no secret still possible gives',
    });
  });

  it('a guess repeated on one path', () => {
    const doc = mooDoc();
    doc.root.children['0H0B'] = { guess: '0123', children: { '0H0B': doc.root.children['0H0B'] } };
    expect(verdictOf(doc)).toEqual({
      secret: '4567',
      reason: 'after 0123 0H0B: the guess 0123 repeats guess 1',
    });
  });
});

describe('verify agrees with a naive checker on randomly corrupted trees', () => {
  const kindOf: [RegExp, NaiveDefect][] = [
    [/is not a code/, 'guess'],
    [/no answer|ends the game/, 'key'],
    [/repeats guess/, 'repeat'],
    [/which no secret still possible gives/, 'dead'],
    [/has no branch|the tree ends at/, 'off'],
  ];
  const small = [
    { pegs: 3, colors: 6, repeat: false },
    { pegs: 3, colors: 4, repeat: true },
  ];

  it.each(small)('%o: 150 trees with one to three defects each', (options) => {
    const game = new Game(resolveRules(options));
    const { rules } = game;
    const codes = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
    const naiveVerify = naiveTreeChecker(rules.pegs, rules.alphabet, rules.repeat);
    const answers: string[] = [];
    for (let hits = 0; hits <= rules.pegs; hits++) {
      for (let blows = 0; hits + blows <= rules.pegs; blows++) answers.push(`${hits}H${blows}B`);
    }
    const notAnswers = ['9H9B', `${rules.pegs - 1}H1B`, `${rules.pegs}H0B`, 'bad'];
    const base = JSON.stringify(
      treeToJson(buildTree(game, createStrategy('random-consistent', { seed: 5 }))),
    );
    const random = seededRandom(2024);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    let invalid = 0;
    for (let trial = 0; trial < 150; trial++) {
      const root: JsonNode = JSON.parse(base).root;
      const nodes: { node: JsonNode; parent?: JsonNode; key?: string }[] = [];
      const collect = (node: JsonNode, parent?: JsonNode, key?: string) => {
        nodes.push({ node, parent, key });
        for (const [k, child] of Object.entries(node.children)) collect(child, node, k);
      };
      collect(root);
      const defects = 1 + Math.floor(random() * 3);
      for (let d = 0; d < defects; d++) {
        const { node, parent, key } = pick(nodes);
        const keys = Object.keys(node.children);
        const leaf = { guess: pick(codes), children: {} };
        switch (pick(['delete', 'guess', 'key', 'add', 'repeat', 'leaf', 'swap'] as const)) {
          case 'delete':
            if (keys.length > 0) node.children = without(node.children, pick(keys));
            break;
          case 'guess':
            node.guess = pick([
              `${node.guess}${rules.alphabet[0]}`,
              `${node.guess.slice(1)}x`,
              `${node.guess[1]}${node.guess.slice(1)}`,
            ]);
            break;
          case 'key':
            node.children[pick(notAnswers)] = leaf;
            break;
          case 'add':
            node.children[pick(answers)] ??= leaf;
            break;
          case 'repeat':
            if (parent && key) {
              parent.children[key] = { guess: parent.guess, children: { [key]: node } };
            }
            break;
          case 'leaf':
            node.children = {};
            break;
          case 'swap':
            node.guess = pick(codes);
            break;
        }
      }
      const naive = naiveVerify(root);
      const verdict = verifyTree(parseTree(JSON.stringify({ rules, root })));
      expect(verdict.valid).toBe(naive.valid);
      if (verdict.valid && naive.valid) {
        expect(Array.from(verdict.guesses)).toEqual(naive.guesses);
      } else if (!verdict.valid && !naive.valid) {
        invalid++;
        expect(game.codes.make(verdict.secret)).toBe(naive.secret);
        const kind = kindOf.find(([pattern]) => pattern.test(verdict.reason))?.[1];
        expect(kind).toBe(naive.defect);
      }
    }
    expect(invalid).toBeGreaterThan(100);
  });
});

describe('a file that is not a tree is bad input', () => {
  const rules = { pegs: 4, colors: 10, repeat: false, alphabet: '0123456789' };
  it.each([
    ['not JSON', '{"rules":', /not JSON/],
    ['an array', '[]', /one JSON object/],
    ['no root', JSON.stringify({ rules }), /one JSON object/],
    ['bad rules', JSON.stringify({ rules: { ...rules, pegs: 0 }, root: {} }), /rules: pegs must/],
    [
      'rules of the wrong type',
      JSON.stringify({ rules: { ...rules, pegs: '4' }, root: {} }),
      /rules must be/,
    ],
    [
      'a guess that is a number',
      JSON.stringify({ rules, root: { guess: 123, children: {} } }),
      /root.guess must be a code/,
    ],
    [
      'children that are a list',
      JSON.stringify({ rules, root: { guess: '0123', children: { '0H1B': [] } } }),
      /root.children\['0H1B'\] must be a node/,
    ],
  ])('%s', (_, text, message) => {
    expect(() => parseTree(text)).toThrow(CodebreakerError);
    expect(() => parseTree(text)).toThrow(message);
  });

  it('reads rules without an alphabet as the preset of that shape', () => {
    const doc = JSON.parse(treeFile(mastermind));
    doc.rules.alphabet = undefined;
    const tree = parseTree(JSON.stringify(doc));
    expect(tree.game.rules.alphabet).toBe('123456');
    expect(verifyTree(tree).valid).toBe(true);
  });
});

describe('DOT', () => {
  it('cuts the tree at a depth, summarising each subtree below', () => {
    const tree = buildTree(mastermind, createStrategy('first-consistent'));
    const dot = treeToDot(tree, { depth: 2, title: 'Mastermind "first"' });
    expect(dot.startsWith('digraph strategy {\n')).toBe(true);
    expect(dot.endsWith('}\n')).toBe(true);
    expect(dot).toContain('label="Mastermind \\"first\\""');
    const nodes = [...dot.matchAll(/^ {2}n(\d+) \[label="([^"]*)"/gm)];
    const edges = [...dot.matchAll(/^ {2}n(\d+) -> n(\d+) \[label="(\d)H(\d)B"\];$/gm)];
    const levels = treeLevels(tree);
    expect(nodes).toHaveLength(levels[0] + levels[1] + levels[2]);
    expect(edges).toHaveLength(nodes.length - 1);
    const declared = new Set(nodes.map((m) => m[1]));
    for (const edge of edges) expect(declared.has(edge[1]) && declared.has(edge[2])).toBe(true);
    expect(nodes[0][2]).toBe('1111\\n1296 left');
    // Every secret is either solved in the first two guesses or counted in one summary.
    const summarised = nodes
      .map((m) => /^… (\d+) secrets?$/.exec(m[2]))
      .reduce((sum, m) => sum + (m ? Number(m[1]) : 0), 0);
    expect(summarised).toBe(1296 - 1 - 4);
  });
});
