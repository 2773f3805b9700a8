/**
 * Every word the page shows, in English. Each language is one object of this shape (ja.ts), so a
 * missing string is a type error; components take theirs from `useText()` (index.ts) and write
 * no text of their own. Sentences with figures in them are functions, so that each language
 * orders its words its own way.
 *
 * Long because the page says much: one object, so that ja.ts is checked against all of it.
 */
import type { PresetName } from '../../src/rules.js';

/** A word in the singular and the plural (Japanese gives the same word twice). */
export type Noun = readonly [one: string, many: string];

/** How a family of games names its parts and its answers. */
export interface GameWords {
  /** A right symbol in the right place. */
  readonly hit: Noun;
  /** A right symbol in the wrong place. */
  readonly blow: Noun;
  readonly hitMeans: string;
  readonly blowMeans: string;
  /** The things a code is made of: colours or digits. */
  readonly symbol: Noun;
  /** A place in a code: a peg, or a digit. */
  readonly position: Noun;
  /** Codes are digits (shapes said as "4 digits from 0 to 9"). */
  readonly digits: boolean;
}

const number = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;
const guesses = (n: number) => plural(n, 'guess', 'guesses');
const secrets = (n: number) => plural(n, 'secret', 'secrets');
/** Guesses to two decimals: "0.53". */
const figure = (n: number) => n.toFixed(2);

/** What a game's answers count, in its words, for the rules of a view. */
export interface AnswerRule {
  /** The shape of a code: "4 pegs, 6 colours, colours may repeat". */
  readonly shape: string;
  readonly hit: string;
  readonly hitMeans: string;
  /** Undefined where answers count the hits alone. */
  readonly blow: string | undefined;
  readonly blowMeans: string;
}

/** The families of games that name things their own way. */
export type Family = 'mastermind' | 'hitAndBlow' | 'bullsAndCows' | 'numeron' | 'custom';

/** The words of each family of games. */
const terms: Readonly<Record<Family, GameWords>> = {
  mastermind: {
    hit: ['black peg', 'black pegs'],
    blow: ['white peg', 'white pegs'],
    hitMeans: 'right colour, right place',
    blowMeans: 'right colour, wrong place',
    symbol: ['colour', 'colours'],
    position: ['peg', 'pegs'],
    digits: false,
  },
  hitAndBlow: {
    hit: ['hit', 'hits'],
    blow: ['blow', 'blows'],
    hitMeans: 'right colour, right place',
    blowMeans: 'right colour, wrong place',
    symbol: ['colour', 'colours'],
    position: ['pin', 'pins'],
    digits: false,
  },
  bullsAndCows: {
    hit: ['bull', 'bulls'],
    blow: ['cow', 'cows'],
    hitMeans: 'right digit, right place',
    blowMeans: 'right digit, wrong place',
    symbol: ['digit', 'digits'],
    position: ['digit', 'digits'],
    digits: true,
  },
  numeron: {
    hit: ['EAT', 'EAT'],
    blow: ['BITE', 'BITE'],
    hitMeans: 'right number, right place',
    blowMeans: 'right number, wrong place',
    symbol: ['number', 'numbers'],
    position: ['digit', 'digits'],
    digits: true,
  },
  custom: {
    hit: ['hit', 'hits'],
    blow: ['blow', 'blows'],
    hitMeans: 'right symbol, right place',
    blowMeans: 'right symbol, wrong place',
    symbol: ['symbol', 'symbols'],
    position: ['place', 'places'],
    digits: true,
  },
};

export const en = {
  /** The value of `<html lang>`. */
  lang: 'en',
  /** The language's name in itself, for the switch. */
  name: 'English',
  number,
  guesses,
  secrets,
  figure,
  /** `n` and the noun: "1 bull", "2 cows", "0 EAT". */
  count: (n: number, noun: Noun) => plural(n, noun[0], noun[1]),

  page: {
    title: 'codebreaker',
    tagline: 'Mastermind, Bulls and Cows, Hit & Blow, Numer0n and their family.',
    footer:
      'Runs entirely in this page, served from your own machine: no network, no external fonts.',
    settings: 'Settings',
    views: 'Views',
    loadingOptimal: 'Loading the optimal tree…',
    treeUnavailable: (game: string, why: string) =>
      `the proved tree of ${game} is unavailable: ${why}`,
    rulesLine: (game: string, alphabet: string, codes: number) =>
      `${game} · symbols ${alphabet} · ${number(codes)} codes`,
    tooLarge: (what: 'analysis' | 'tree', codes: number) =>
      `${what === 'analysis' ? 'The analysis over every secret' : 'The strategy tree'} needs the score table of every pair of codes, and this game has ${number(codes)} codes: too many for a browser tab (the page builds it for up to 8,192). Both play tabs play it in full. The command line does this on your machine:`,
  },

  tabs: {
    codebreaker: 'You guess',
    codemaker: 'Computer guesses',
    versus: 'Head to head',
    analysis: 'Analysis',
    tree: 'Strategy tree',
  },

  settings: {
    game: 'Game',
    strategy: 'Strategy',
    seed: 'Seed',
    custom: 'Custom…',
    customRules: 'Custom rules',
    pegs: 'Pegs',
    colours: 'Colours',
    repetition: 'Repetition',
    blackPegsOnly: 'Black pegs only',
    blackPegsMeans: 'black-peg Mastermind: each answer counts black pegs alone',
    symbols: 'Symbols',
    theme: 'Theme',
    themes: { system: 'As the system', light: 'Light', dark: 'Dark' },
    language: 'Language',
    fieldRange: (field: 'pegs' | 'colours', min: number, max: number) =>
      `${field} must be a whole number from ${min} to ${max}`,
  },

  games: {
    mastermind: 'Mastermind',
    moo: 'Bulls and Cows',
    'hit-and-blow': 'Hit & Blow',
    numeron: 'Numer0n',
    'super-mastermind': 'Super Mastermind',
    custom: 'Custom game',
  } satisfies Record<PresetName | 'custom', string>,

  /** The words of each family of games. */
  terms,

  shape: {
    /** "4 digits from 0 to 9, all different". */
    digits: (pegs: number, words: GameWords, first: string, last: string, repeat: boolean) =>
      `${plural(pegs, ...words.position)} from ${first} to ${last}, ${repeat ? 'digits may repeat' : 'all different'}`,
    /** "4 pegs, 6 colours, colours may repeat". */
    pegs: (pegs: number, colours: number, words: GameWords, repeat: boolean) =>
      `${plural(pegs, ...words.position)}, ${plural(colours, ...words.symbol)}, ${repeat ? `${words.symbol[1]} may repeat` : 'all different'}`,
    hitsOnly: (hitMany: string) => `, ${hitMany} only`,
    /** An answer in words: "2 black pegs, 1 white peg". */
    answer: (hits: string, blows: string | undefined) => (blows ? `${hits}, ${blows}` : hits),
  },

  strategies: {
    'first-consistent': 'First possible code',
    'random-consistent': 'Random possible code',
    minimax: 'Minimax (Knuth)',
    'expected-size': 'Expected size (Irving)',
    entropy: 'Entropy (Neuwirth)',
    'most-parts': 'Most parts (Kooi)',
    optimal: 'Optimal (proved tree)',
    pastBudget: (title: string, fallback: string) =>
      `${title} (past the search budget: ${fallback})`,
    sampled: (title: string) => `${title} (opening scored on a sample)`,
    possibleOnly: (title: string) => `${title}, among the possible codes only`,
    firstPossible: (title: string) =>
      `${title} (too many secrets left to score: the first possible code)`,
    withSeed: (title: string, seed: number) => `${title} (seed ${seed})`,
  },

  colours: [
    'red',
    'green',
    'blue',
    'yellow',
    'orange',
    'purple',
    'cyan',
    'pink',
    'brown',
    'white',
    'grey',
    'lime',
  ],

  problems: {
    cannotOccur: (answer: string, pegs: number, position: Noun) =>
      `${answer} cannot happen with ${plural(pegs, ...position)}`,
    impossible: (answer: string, guess: string) =>
      `${answer} to ${guess} is impossible: no secret gives that answer`,
    contradicts: (
      answer: string,
      guess: string,
      earlier: string,
      earlierGuess: string,
      turn: number,
      alone: boolean,
    ) =>
      `${answer} to ${guess} contradicts your answer ${earlier} to ${earlierGuess} (guess ${turn})${alone ? '' : ', given your answers before it'}`,
    unreadableAnswer: (text: string, hitMany: string, blowMany: string | undefined) =>
      `cannot read “${text}”: type ${blowMany ? `the ${hitMany}, then the ${blowMany}, for example 2 1` : `the number of ${hitMany}, for example 2`}`,
    unfilled: (empty: number) =>
      empty === 1 ? 'fill the last empty slot first' : `fill the ${empty} empty slots first`,
    notACode: (text: string, shape: string) => `“${text}” is no code of this game: ${shape}`,
    warning: (problem: string, canTakeBack: boolean) =>
      `${problem}.${canTakeBack ? ' Change this answer, or take an earlier one back.' : ''}`,
  },

  board: {
    secret: 'Secret',
    yourSecret: 'Your secret',
    hidden: 'hidden',
    guesses: 'Guesses',
    left: (n: number) => `${number(n)} left`,
    leftTitle: 'secrets still possible',
    solved: 'solved',
  },

  play: {
    howToPlay: 'How to play',
    codebreakerLabel: 'You break the code',
    codemakerLabel: 'The computer breaks your code',
    codebreakerRules: ({ shape, hit, hitMeans, blow, blowMeans }: AnswerRule) =>
      `The computer has picked a secret: ${shape}. Each answer counts ${hit} (${hitMeans})${blow ? ` and ${blow} (${blowMeans})` : ' alone'}.`,
    codebreakerHow: (symbol: string, symbols: string) =>
      `Pick a slot, then a ${symbol}, or drag one onto a slot. Or type: the ${symbols} go in from the chosen slot, Backspace erases, Enter guesses.`,
    codemakerRules: ({ shape, hit, hitMeans, blow, blowMeans }: AnswerRule) =>
      `Think of a secret (${shape}) and keep it to yourself. The computer guesses; answer each guess with its ${hit} (${hitMeans})${blow ? ` and ${blow} (${blowMeans})` : ' alone'}.`,
    slotsLabel: (turn: number, symbol: string) => `Guess ${turn}: choose a slot, then a ${symbol}`,
    slotLabel: (position: string, n: number, what: string | undefined) =>
      `${position} ${n}: ${what ?? 'empty'}`,
    paletteLegend: (symbols: string) => `${symbols}: put one in the chosen slot`,
    guess: 'Guess',
    hint: 'Hint',
    clearRow: 'Clear row',
    useIt: 'Use it',
    suggests: (remaining: number, strategy: string) =>
      `${remaining === 1 ? 'Only 1 secret is still possible' : `${number(remaining)} secrets are still possible`}. ${strategy} suggests:`,
    giveUp: 'Give up…',
    giveUpQuestion: 'Give up and see the secret?',
    showIt: 'Yes, show it',
    keepPlaying: 'Keep playing',
    newGame: 'New game',
    playAgain: 'Play again',
    cracked: (n: number) => `Cracked it in ${guesses(n)}!`,
    gaveUp: (n: number) => `You gave up after ${guesses(n)}. The secret was `,
    saidTurn: (turn: number, code: string, answer: string) => `Guess ${turn}, ${code}: ${answer}.`,
    secretWas: (code: string) => `The secret was ${code}.`,
    foundYours: (n: number) => `Found your secret in ${guesses(n)}.`,
    nextGuess: (turn: number, code: string) => `Guess ${turn}: ${code}.`,
    tookOver: (strategy: string, after: number) =>
      `${strategy} took over the guessing after guess ${after}.`,
    takeBack: 'Take back the last answer',
    answer: 'Answer:',
    orTypeIt: 'or type it',
    typeLabel: (hitMany: string, blowMany: string) =>
      `Type the answer: ${hitMany}, then ${blowMany}`,
  },

  coach: {
    grading: 'grading',
    optimal: 'optimal',
    best: 'best',
    bestBy: (strategy: string) => `best by ${strategy}`,
    lost: (loss: number) => `${figure(loss)} guesses lost`,
    optimalPlay: 'optimal play',
    ungraded: (turn: number, limit: number) =>
      `Guess ${turn} is not graded: grading starts when at most ${limit} secrets are left in a game this large.`,
    turn: (turn: number) => `Guess ${turn}: `,
    wasBest: (heuristic: string | undefined, expected: number, left: number) =>
      `${heuristic ? `as good as the best guess ${heuristic} finds` : 'optimal'}. From here it needs ${figure(expected)} guesses on average; it left ${secrets(left)}.`,
    lostAgainst: (loss: number) => `${figure(loss)} guesses lost on average. The best was `,
    bestNeeds: (best: number, yours: number, left: number, bestLeft: number) =>
      `: from here it needs ${figure(best)} guesses on average, yours ${figure(yours)}. Yours left ${secrets(left)}, the best would have left ${number(bestLeft)}.`,
    gradedBy: (strategy: string) =>
      ` Graded by ${strategy}: the exact search takes too long from here.`,
    stillPossible: (n: number) =>
      n === 1 ? 'Only 1 secret is still possible' : `${number(n)} secrets are still possible`,
    andMore: (n: number) => `and ${number(n)} more`,
    par: (strategy: string, par: number, yours: number) =>
      `${strategy} needs ${guesses(par)} for this secret; you took ${yours}. `,
    theOptimal: 'The optimal strategy',
    allBest: 'Every guess was a best guess.',
    lostInAll: (loss: number) => `Your guesses lost ${figure(loss)} guesses on average in all.`,
  },

  versus: {
    label: 'Head to head against the computer',
    rules: (shape: string) =>
      `You and the computer each hide a code (${shape}) and take turns guessing the other's; the page answers both. You go first. The first to crack the other's code wins; if the computer cracks yours in the round you cracked its, it is a draw.`,
    itemRules:
      'Each side may use each item once a game, one a turn, before guessing. HIGH & LOW: for each digit, whether it is low (0–4) or high (5–9). TARGET: whether a digit is in the code, and where. SLASH: the largest digit minus the smallest.',
    level: 'Difficulty',
    levels: {
      easy: 'Easy: a random possible code',
      normal: 'Normal: most parts',
      hard: 'Hard: optimal',
    },
    chooseSecret: 'Choose your secret code',
    secretLabel: (symbol: string) => `Your secret: choose a slot, then a ${symbol}`,
    random: 'Random',
    start: 'Start',
    guessLabel: (round: number, symbol: string) =>
      `Guess ${round}: choose a slot, then a ${symbol}`,
    yourBoard: 'Your guesses',
    computerBoard: 'The computer’s guesses',
    theirSecret: 'Its secret',
    yourSecret: 'Your secret',
    items: 'Items',
    itemNames: { 'high-low': 'HIGH & LOW', target: 'TARGET', slash: 'SLASH' },
    targetDigit: 'Digit',
    itemUsed: (round: number, item: string, answer: string) => `Round ${round}, ${item}: ${answer}`,
    high: 'HIGH',
    low: 'LOW',
    notIn: (digit: string) => `${digit} is not in it`,
    at: (digit: string, place: number) => `${digit} is digit ${place}`,
    spread: (spread: number) => `largest − smallest = ${spread}`,
    youUsed: 'You used',
    computerUsed: 'The computer used',
    won: (rounds: number) => `You cracked it first, in ${guesses(rounds)}!`,
    lost: (rounds: number) => `The computer cracked yours first, in ${guesses(rounds)}.`,
    draw: (rounds: number) => `A draw: both codes cracked in ${guesses(rounds)}.`,
    round: (player: string, computer: string) => `You: ${player}. The computer: ${computer}.`,
    newGame: 'New game',
  },

  stats: {
    title: 'Your statistics',
    played: 'Played',
    winRate: 'Won',
    streak: 'Streak',
    bestStreak: 'Best streak',
    overPar: 'Above par',
    overParMeans: 'guesses above the optimal strategy for the same secrets, on average',
    distribution: 'Guesses per win',
    bar: (guesses: number, wins: number) =>
      `${guesses} guesses: ${number(wins)} ${wins === 1 ? 'win' : 'wins'}`,
    versus: (won: number, lost: number, draw: number) =>
      `Head to head: ${number(won)} won, ${number(lost)} lost, ${number(draw)} drawn`,
    none: 'No games finished yet.',
    share: 'Share',
    copied: 'Copied to the clipboard:',
    copyThis: 'Copy this:',
  },

  analysis: {
    label: 'Analysis',
    lead: (codes: number) =>
      `Play each strategy against every one of the ${number(codes)} secrets and count the guesses it needs. It runs in the background: the page stays usable.`,
    compare: 'Strategies to compare',
    analyse: 'Analyse every secret',
    analyseMany: (n: number) => `Analyse and compare ${n}`,
    cancel: 'Cancel',
    played: (strategy: string) => `${strategy}: secrets played`,
    of: (done: number, all: number) => `${number(done)} of ${number(all)}`,
    failed: (why: string) => `the analysis failed: ${why}`,
    figures: 'The figures of each strategy',
    columns: ['Strategy', 'Total', 'Average', 'Max', 'Secrets at the max'],
    chartLabel: (strategies: string) => `secrets by number of guesses: ${strategies}`,
    bar: (strategy: string, n: number, g: number) => `${strategy}: ${secrets(n)} in ${guesses(g)}`,
    axis: 'guesses needed',
    worst: (strategy: string, n: number, max: number) =>
      `Worst secrets of ${strategy}: ${number(n)}, ${guesses(max)} each`,
    openInTree: (code: string, strategy: string) => `${code}: open in the tree of ${strategy}`,
    andMore: (n: number) => ` and ${number(n)} more`,
    footnote: (codes: number, seconds: number) =>
      `Each worst secret opens in the strategy tree, at the path it takes. Computed over all ${number(codes)} secrets in ${seconds.toFixed(2)} s.`,
  },

  tree: {
    label: 'Strategy tree',
    treeOf: 'Tree of',
    guessN: (n: number) => `guess ${n}`,
    theSecret: 'the secret',
    possible: (n: number) => `${secrets(n)} possible`,
    solved: 'solved, 1 secret:',
    secrets,
    figures: (total: number, codes: number, average: string, max: number) =>
      `Proved optimal: ${number(total)} guesses over all ${number(codes)} secrets, average ${average}, at most ${max}.`,
    computed: (strategy: string) =>
      `The decision tree of ${strategy}: each node is computed when you open it. The Analysis tab gives its figures over every secret.`,
    path: (code: string, n: number) => `The path of ${code}: ${n} guesses, highlighted below.`,
    loading: 'Loading the tree…',
  },
};

/** The words of one language. */
export type Text = typeof en;
