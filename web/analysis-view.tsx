/**
 * The analysis view: plays the strategy against every secret in a Web Worker, so the page stays
 * responsive, and draws the figures: a progress bar while it runs, then the histogram as an SVG
 * chart, the total, the average (and its exact fraction), the maximum and the worst secrets.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Game } from '../src/game.js';
import type { TreeJson } from '../src/tree.js';
import {
  type AnalysisMessage,
  type AnalysisRequest,
  type AnalysisSummary,
  histogramBars,
} from './analysis.js';
import { type StrategyChoice, describeChoice } from './strategy-choice.js';

/** How many worst secrets are listed before "and n more". */
const WORST_SHOWN = 60;

const CHART = { width: 560, height: 200, top: 22, bottom: 42, left: 8, right: 8 } as const;

/** The histogram of guesses as bars, each with its count above and its guesses below. */
function Histogram({ histogram }: { readonly histogram: readonly number[] }) {
  const bars = histogramBars(histogram, CHART.width, CHART.height);
  const fullWidth = CHART.left + CHART.width + CHART.right;
  const fullHeight = CHART.top + CHART.height + CHART.bottom;
  return (
    <svg
      class="histogram"
      viewBox={`0 0 ${fullWidth} ${fullHeight}`}
      role="img"
      aria-label="secrets by number of guesses"
      data-testid="histogram"
    >
      <g transform={`translate(${CHART.left} ${CHART.top})`}>
        <line class="axis" x1={0} x2={CHART.width} y1={CHART.height} y2={CHART.height} />
        {bars.map((bar) => (
          <g key={bar.guesses} data-guesses={bar.guesses} data-secrets={bar.secrets}>
            <rect class="bar" x={bar.x} y={bar.y} width={bar.width} height={bar.height} />
            <text class="count" x={bar.x + bar.width / 2} y={bar.y - 6}>
              {bar.secrets}
            </text>
            <text class="tick" x={bar.x + bar.width / 2} y={CHART.height + 18}>
              {bar.guesses}
            </text>
          </g>
        ))}
        <text class="caption" x={CHART.width / 2} y={CHART.height + 38}>
          guesses needed
        </text>
      </g>
    </svg>
  );
}

function Figures({ summary, game }: { readonly summary: AnalysisSummary; readonly game: Game }) {
  const { worst } = summary;
  return (
    <div class="figures" data-testid="analysis-result">
      <dl class="stats">
        <div>
          <dt>secrets</dt>
          <dd data-testid="secrets">{summary.secrets}</dd>
        </div>
        <div>
          <dt>total guesses</dt>
          <dd data-testid="total">{summary.total}</dd>
        </div>
        <div>
          <dt>average</dt>
          <dd>
            <span data-testid="average">{summary.average}</span>{' '}
            <small data-testid="fraction">= {summary.fraction}</small>
          </dd>
        </div>
        <div>
          <dt>max</dt>
          <dd data-testid="max">{summary.max}</dd>
        </div>
      </dl>
      <Histogram histogram={summary.histogram} />
      <h3>
        Worst secrets ({worst.length}, {summary.max} guesses each)
      </h3>
      <p class="worst" data-testid="worst">
        {worst.slice(0, WORST_SHOWN).map((code) => (
          <code key={code}>{code}</code>
        ))}
        {worst.length > WORST_SHOWN && <span> and {worst.length - WORST_SHOWN} more</span>}
      </p>
      <p class="muted">
        Computed in {summary.seconds.toFixed(2)} s over all {summary.secrets} secrets of{' '}
        {game.rules.pegs} pegs.
      </p>
    </div>
  );
}

/** Runs and shows an analysis of `choice` on `game`; `tree` is the shipped tree for optimal. */
export function AnalysisView(props: {
  readonly game: Game;
  readonly choice: StrategyChoice;
  readonly tree: TreeJson | undefined;
}) {
  const { game, choice, tree } = props;
  const worker = useRef<Worker | undefined>(undefined);
  const [progress, setProgress] = useState<{ settled: number; secrets: number }>();
  const [summary, setSummary] = useState<AnalysisSummary>();
  const [error, setError] = useState<string>();

  const stop = () => {
    worker.current?.terminate();
    worker.current = undefined;
    setProgress(undefined);
  };
  useEffect(() => () => worker.current?.terminate(), []);

  const start = () => {
    stop();
    setSummary(undefined);
    setError(undefined);
    setProgress({ settled: 0, secrets: game.size });
    const running = new Worker(new URL('./analysis-worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.current = running;
    running.onmessage = (event: MessageEvent<AnalysisMessage>) => {
      const message = event.data;
      if (message.kind === 'progress') {
        setProgress({ settled: message.settled, secrets: message.secrets });
        return;
      }
      stop();
      if (message.kind === 'done') setSummary(message.summary);
      else setError(message.message);
    };
    running.onerror = (event) => {
      stop();
      setError(`the analysis failed: ${event.message}`);
    };
    const request: AnalysisRequest = { rules: game.rules, strategy: choice, tree };
    running.postMessage(request);
  };

  return (
    <section class="card" data-testid="analysis">
      <p class="lead">
        Play <strong>{describeChoice(choice)}</strong> against every one of the{' '}
        {game.size.toLocaleString('en-US')} secrets and count the guesses it needs. It runs in the
        background: the page stays usable.
      </p>
      <div class="actions">
        <button type="button" class="primary" onClick={start} disabled={progress !== undefined}>
          Analyse every secret
        </button>
        {progress && (
          <button type="button" onClick={stop}>
            Cancel
          </button>
        )}
      </div>
      {progress && (
        <div class="progress" data-testid="progress">
          <progress value={progress.settled} max={progress.secrets} />
          <span>
            {progress.settled.toLocaleString('en-US')} of {progress.secrets.toLocaleString('en-US')}{' '}
            secrets
          </span>
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {summary && <Figures summary={summary} game={game} />}
    </section>
  );
}
