/**
 * The least totals settled here that nobody had published, proved again from scratch on every
 * core in fresh processes: what the search must get faster at before the open values (issue 31)
 * come within reach. Each row is compared with the same proof's figures recorded in
 * docs/optimal-table.md (2 threads, this kind of machine: 2 cores of an AMD EPYC), as ratios —
 * the wall time then over now, nodes and lookaheads now over then (today's CPU is shown, the
 * record has none) — and its total is checked.
 */
import { availableParallelism } from 'node:os';
import { line, timedCli } from './process.js';

interface Settled {
  readonly title: string;
  readonly rules: string[];
  readonly total: number;
  /** The proof's figures as recorded (docs/optimal-table.md): wall seconds, nodes, lookaheads. */
  readonly seconds: number;
  readonly nodes: number;
  readonly lookaheads: number;
}

const SETTLED: Settled[] = [
  {
    title: '4 × 9 (6,561 codes)',
    rules: ['--pegs', '4', '--colors', '9', '--repeat'],
    total: 34666,
    seconds: 40,
    nodes: 394772,
    lookaheads: 1708812,
  },
  {
    title: '5 × 8 without repetition (6,720)',
    rules: ['--pegs', '5', '--colors', '8', '--no-repeat'],
    total: 34444,
    seconds: 121,
    nodes: 709813,
    lookaheads: 4310110,
  },
  {
    title: '5 × 6 (7,776)',
    rules: ['--pegs', '5', '--colors', '6', '--repeat'],
    total: 36721,
    seconds: 208,
    nodes: 487960,
    lookaheads: 8269035,
  },
];

export function settledBench(): void {
  const threads = Math.min(2, availableParallelism());
  console.log(
    `least totals settled here, proved again from scratch (optimal --threads ${threads}); then: the figures recorded in docs/optimal-table.md`,
  );
  const widths = [34, 7, 9, 9, 11, 13, 9, 9, 9];
  const header = [
    'proof',
    'total',
    'time',
    'CPU',
    'nodes',
    'lookaheads',
    'time ×',
    'nodes ×',
    'looks ×',
  ];
  console.log(line(header, widths));
  for (const row of SETTLED) {
    const run = timedCli(['optimal', ...row.rules, '--threads', String(threads)]);
    const { total, nodes, lookaheads, proved } = run.doc as Record<string, number | boolean>;
    if (total !== row.total || proved !== true) {
      throw new Error(`${row.title}: proved ${proved} total ${total}, not ${row.total}`);
    }
    const cells = [
      row.title,
      String(total),
      `${run.seconds.toFixed(1)} s`,
      `${run.cpu.toFixed(1)} s`,
      (nodes as number).toLocaleString('en'),
      (lookaheads as number).toLocaleString('en'),
      `${(row.seconds / run.seconds).toFixed(2)}`,
      `${((nodes as number) / row.nodes).toFixed(2)}`,
      `${((lookaheads as number) / row.lookaheads).toFixed(2)}`,
    ];
    console.log(line(cells, widths));
  }
  console.log(
    "(time ×: the recorded time over today's, above 1 is faster; nodes × and looks ×: today's over the recorded, below 1 is fewer)\n",
  );
}
