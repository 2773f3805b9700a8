/**
 * The static campaigns' jobs: CPU time of a sample of each size's jobs (picked evenly from its
 * list, the middle one of each stretch), searched with the pair loop and the viable-guess filter
 * in WebAssembly against the same jobs with both in TypeScript (a game made with `simd: false`),
 * measured in the same run, one core; the two must agree on the sets found and visited. `npm run bench --
 * --only=static-jobs`; about a minute.
 */
import { Game } from '../src/game.js';
import { type RulesOptions, resolveRules } from '../src/rules.js';
import { staticJobDepth, staticPrefixes } from '../src/search/static-jobs.js';
import { searchStaticSize } from '../src/search/static-size.js';
import { line } from './process.js';

interface Sample {
  readonly name: string;
  readonly rules: RulesOptions;
  readonly size: number;
  readonly count: number;
}

const SAMPLES: Sample[] = [
  { name: '4 × 7', rules: { pegs: 4, colors: 7, repeat: true }, size: 6, count: 20 },
  { name: 'Mastermind', rules: { game: 'mastermind' }, size: 6, count: 60 },
  { name: 'Bulls and Cows', rules: { game: 'moo' }, size: 6, count: 10 },
];

/** The jobs of `sample`, searched on `game`: CPU seconds, sets visited, and the sets found. */
function run(game: Game, sample: Sample) {
  const jobs = staticPrefixes(game, staticJobDepth(sample.size));
  const step = Math.floor(jobs.length / sample.count);
  const found: string[] = [];
  let sets = 0;
  const start = process.cpuUsage();
  for (let k = 0; k < sample.count; k++) {
    const result = searchStaticSize(game, sample.size, {
      prefix: jobs[k * step + Math.floor(step / 2)],
    });
    sets += result.nodes;
    if (result.guesses) found.push(result.guesses.join(' '));
  }
  const used = process.cpuUsage(start);
  return { seconds: (used.user + used.system) / 1e6, sets, found, jobs: jobs.length };
}

export function staticJobsBench(): void {
  const widths = [20, 14, 14, 14, 14, 9];
  console.log('static jobs, one core: the kernel in WebAssembly against the loops in TypeScript');
  console.log(line(['game', 'jobs', 'sets', 'TypeScript', 'WebAssembly', 'speed-up'], widths));
  for (const sample of SAMPLES) {
    const rules = resolveRules(sample.rules);
    const plain = run(new Game(rules, { simd: false }), sample);
    const kernel = run(new Game(rules), sample);
    if (plain.sets !== kernel.sets || plain.found.join('|') !== kernel.found.join('|')) {
      throw new Error(`${sample.name}: the kernel and the TypeScript loops disagree`);
    }
    console.log(
      line(
        [
          `${sample.name} at ${sample.size}`,
          `${sample.count} of ${kernel.jobs}`,
          `${(kernel.sets / 1e9).toFixed(2)} billion`,
          `${plain.seconds.toFixed(2)} CPU s`,
          `${kernel.seconds.toFixed(2)} CPU s`,
          `${(plain.seconds / kernel.seconds).toFixed(2)}×`,
        ],
        widths,
      ),
    );
  }
  console.log('');
}
