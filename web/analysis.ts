/**
 * The analysis view's work and figures. `runAnalysis` is what the Web Worker runs: it plays the
 * strategy against every secret (`analyze` from the core) and posts progress and the result as
 * plain messages, so the page only draws. It takes the posting function as a parameter, so the
 * tests run it without a worker.
 */
import { type Analysis, analyze } from '../src/analyze.js';
import { CodebreakerError } from '../src/errors.js';
import { reducedFraction } from '../src/fraction.js';
import { type Game, gameFor } from '../src/game.js';
import { type Rules, checkRules } from '../src/rules.js';
import { type TreeJson, treeFromJson } from '../src/tree-json.js';
import { type StrategyChoice, strategyFor } from './strategy-choice.js';

/** What the page asks the worker: a game, a strategy, and the shipped tree for `optimal`. */
export interface AnalysisRequest {
  readonly rules: Rules;
  readonly strategy: StrategyChoice;
  readonly tree?: TreeJson;
}

/** A strategy's figures over every secret, written out for the view. */
export interface AnalysisSummary {
  readonly secrets: number;
  readonly total: number;
  /** The average to 5 decimals, as the CLI prints it. */
  readonly average: string;
  /** The exact average, `7471/1296`. */
  readonly fraction: string;
  readonly max: number;
  /** `histogram[g]`: how many secrets need exactly g guesses (index 0 unused). */
  readonly histogram: readonly number[];
  /** Every secret needing `max` guesses, in code order. */
  readonly worst: readonly string[];
  readonly seconds: number;
}

/** What the worker posts back. */
export type AnalysisMessage =
  | { readonly kind: 'progress'; readonly settled: number; readonly secrets: number }
  | { readonly kind: 'done'; readonly summary: AnalysisSummary }
  | { readonly kind: 'error'; readonly message: string };

/** An analysis written out. */
export function summaryOf(game: Game, analysis: Analysis, seconds: number): AnalysisSummary {
  const { secrets, total, max } = analysis;
  return {
    secrets,
    total,
    average: (total / secrets).toFixed(5),
    fraction: reducedFraction(total, secrets),
    max,
    histogram: [...analysis.histogram],
    worst: analysis.worst.map((code) => game.codes.make(code)),
    seconds,
  };
}

/** Runs a request to the end, posting progress, then the summary or the error. */
export function runAnalysis(request: AnalysisRequest, post: (message: AnalysisMessage) => void) {
  try {
    const game = gameFor(checkRules(request.rules));
    const tree = request.tree && treeFromJson(request.tree);
    const strategy = strategyFor(game, request.strategy, tree);
    const started = performance.now();
    const analysis = analyze(game, strategy, {
      onProgress: (settled, secrets) => post({ kind: 'progress', settled, secrets }),
    });
    post({
      kind: 'done',
      summary: summaryOf(game, analysis, (performance.now() - started) / 1000),
    });
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error;
    post({ kind: 'error', message: error.message });
  }
}

/** One bar of the histogram chart, in the chart's coordinates (y grows downwards). */
export interface Bar {
  /** Which histogram (strategy) the bar is of. */
  readonly series: number;
  readonly guesses: number;
  readonly secrets: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Lays histograms out side by side, from 1 guess to the largest maximum, in a plot `width` ×
 * `height`: one slot a number of guesses with a gap between slots, the histograms' bars side by
 * side in it, heights proportional to the counts (the tallest of all full height); a count too
 * small to see still gets one unit, so no non-zero bar vanishes.
 */
export function groupedBars(
  histograms: readonly (readonly number[])[],
  width: number,
  height: number,
): Bar[] {
  const max = Math.max(0, ...histograms.map((histogram) => histogram.length - 1));
  if (max < 1) return [];
  const tallest = Math.max(1, ...histograms.flatMap((histogram) => histogram.slice(1)));
  const slot = width / max;
  const gap = Math.min(slot * 0.2, 12);
  const barWidth = (slot - gap) / histograms.length;
  const bars: Bar[] = [];
  for (let guesses = 1; guesses <= max; guesses++) {
    histograms.forEach((histogram, series) => {
      const secrets = histogram[guesses] ?? 0;
      const barHeight = secrets === 0 ? 0 : Math.max(1, (secrets / tallest) * height);
      bars.push({
        series,
        guesses,
        secrets,
        x: (guesses - 1) * slot + gap / 2 + series * barWidth,
        y: height - barHeight,
        width: barWidth,
        height: barHeight,
      });
    });
  }
  return bars;
}
