/**
 * The analysis view: plays strategies against every secret in a Web Worker, one after another,
 * so the page stays responsive, and compares them: a progress bar while they run, then one chart
 * with their histograms side by side, a table of their totals, averages and maxima, and each one's
 * worst secrets, each of which opens in the strategy tree at the path that secret takes.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Game } from '../src/game.js';
import type { TreeJson } from '../src/tree-json.js';
import {
  type AnalysisMessage,
  type AnalysisRequest,
  type AnalysisSummary,
  groupedBars,
} from './analysis.js';
import { Code, codeName } from './pegs.js';
import { OPTIMAL, type StrategyChoice, describeChoice, strategyTitle } from './strategy-choice.js';
import { useText } from './text/index.js';

/** How many worst secrets are listed before "and n more". */
const WORST_SHOWN = 60;
/** Room around the plot for the counts above the bars and the ticks and caption below. */
const MARGIN = { top: 24, bottom: 46, left: 6, right: 6 } as const;
const PLOT_HEIGHT = 200;

/** A finished analysis, and the strategy it is of. */
interface Result {
  readonly name: string;
  readonly title: string;
  readonly summary: AnalysisSummary;
}

/** The width of an element in CSS pixels, followed as it changes. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth || fallback));
    observer.observe(element);
    setWidth(element.clientWidth || fallback);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

/** The histograms side by side, drawn at the page's own scale so the labels stay readable. */
function Chart({ results }: { readonly results: readonly Result[] }) {
  const t = useText();
  const [ref, width] = useWidth(560);
  const plotWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
  const bars = groupedBars(
    results.map((result) => result.summary.histogram),
    plotWidth,
    PLOT_HEIGHT,
  );
  const fullHeight = MARGIN.top + PLOT_HEIGHT + MARGIN.bottom;
  const ticks = [...new Set(bars.map((bar) => bar.guesses))];
  const slot = plotWidth / Math.max(1, ticks.length);
  return (
    <div class="chart" ref={ref}>
      {results.length > 1 && (
        <ul class="legend">
          {results.map((result, series) => (
            <li key={result.name}>
              <span class={`swatch series-${series}`} aria-hidden="true" />
              {result.title}
            </li>
          ))}
        </ul>
      )}
      <svg
        class="histogram"
        width={width}
        height={fullHeight}
        viewBox={`0 0 ${width} ${fullHeight}`}
        role="img"
        aria-label={t.analysis.chartLabel(results.map((r) => r.title).join(', '))}
        data-testid="histogram"
      >
        <g transform={`translate(${MARGIN.left} ${MARGIN.top})`}>
          <line class="axis" x1={0} x2={plotWidth} y1={PLOT_HEIGHT} y2={PLOT_HEIGHT} />
          {bars.map((bar) => (
            <g
              key={`${bar.series}-${bar.guesses}`}
              data-strategy={results[bar.series].name}
              data-guesses={bar.guesses}
              data-secrets={bar.secrets}
            >
              <rect
                class={`bar series-${bar.series}`}
                x={bar.x}
                y={bar.y}
                width={Math.max(0, bar.width - 1)}
                height={bar.height}
              >
                <title>{t.analysis.bar(results[bar.series].title, bar.secrets, bar.guesses)}</title>
              </rect>
              {bar.width >= 22 && bar.secrets > 0 && (
                <text class="count" x={bar.x + bar.width / 2} y={bar.y - 6}>
                  {bar.secrets}
                </text>
              )}
            </g>
          ))}
          {ticks.map((guesses) => (
            <text key={guesses} class="tick" x={(guesses - 0.5) * slot} y={PLOT_HEIGHT + 20}>
              {guesses}
            </text>
          ))}
          <text class="caption" x={plotWidth / 2} y={PLOT_HEIGHT + 40}>
            {t.analysis.axis}
          </text>
        </g>
      </svg>
    </div>
  );
}

/** The figures of every result, one row a strategy. */
function Table({ results }: { readonly results: readonly Result[] }) {
  const t = useText();
  return (
    // A table wider than a phone scrolls; keyboard users reach its scroll by focusing it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take the focus to be scrolled by keys (WCAG 2.1.1)
    <section class="table-scroll" tabIndex={0} aria-label={t.analysis.figures}>
      <table class="results">
        <thead>
          <tr>
            {t.analysis.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map(({ name, title, summary }, series) => (
            <tr key={name} data-testid="result" data-strategy={name}>
              <th scope="row">
                <span class={`swatch series-${series}`} aria-hidden="true" /> {title}
              </th>
              <td data-testid="total">{summary.total}</td>
              <td>
                <span data-testid="average">{summary.average}</span>{' '}
                <small data-testid="fraction">= {summary.fraction}</small>
              </td>
              <td data-testid="max">{summary.max}</td>
              <td>{summary.worst.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Analyses and compares strategies on `game`; `tree` is the shipped tree, for optimal. */
export function AnalysisView(props: {
  readonly game: Game;
  readonly names: readonly string[];
  readonly chosen: StrategyChoice;
  readonly tree: TreeJson | undefined;
  /** Opens a worst secret in the tree of the strategy. */
  readonly onOpenSecret: (strategy: string, secret: string) => void;
}) {
  const { game, names, chosen, tree, onOpenSecret } = props;
  const t = useText();
  const [picked, setPicked] = useState<readonly string[]>([chosen.name]);
  const [results, setResults] = useState<readonly Result[]>([]);
  const [progress, setProgress] = useState<{ title: string; settled: number; secrets: number }>();
  const [error, setError] = useState<string>();
  const worker = useRef<Worker | undefined>(undefined);
  const queue = useRef<string[]>([]);

  // The strategy of the menu is always among those compared.
  useEffect(() => {
    setPicked((before) => (before.includes(chosen.name) ? before : [...before, chosen.name]));
  }, [chosen.name]);

  const stop = () => {
    worker.current?.terminate();
    worker.current = undefined;
    queue.current = [];
    setProgress(undefined);
  };
  useEffect(() => () => worker.current?.terminate(), []);

  const runNext = () => {
    const name = queue.current.shift();
    if (name === undefined) {
      stop();
      return;
    }
    const choice = { name, seed: chosen.seed };
    const title = describeChoice(t, choice);
    setProgress({ title, settled: 0, secrets: game.size });
    const running = new Worker(new URL('./analysis-worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.current = running;
    running.onmessage = (event: MessageEvent<AnalysisMessage>) => {
      const message = event.data;
      if (message.kind === 'progress') {
        setProgress({ title, settled: message.settled, secrets: message.secrets });
        return;
      }
      running.terminate();
      if (message.kind === 'error') {
        setError(message.message);
        stop();
        return;
      }
      setResults((before) => [
        ...before.filter((result) => result.name !== name),
        { name, title, summary: message.summary },
      ]);
      runNext();
    };
    running.onerror = (event) => {
      setError(t.analysis.failed(event.message));
      stop();
    };
    const request: AnalysisRequest = {
      rules: game.rules,
      strategy: choice,
      tree: name === OPTIMAL ? tree : undefined,
    };
    running.postMessage(request);
  };

  const start = () => {
    stop();
    setError(undefined);
    const order = names.filter((name) => picked.includes(name));
    setResults((before) => before.filter((result) => order.includes(result.name)));
    queue.current = [...order];
    runNext();
  };

  const shown = names
    .map((name) => results.find((result) => result.name === name))
    .filter((result): result is Result => result !== undefined && picked.includes(result.name));

  return (
    <section class="card" data-testid="analysis" aria-label={t.analysis.label}>
      <p class="lead">{t.analysis.lead(game.size)}</p>
      <fieldset class="compare">
        <legend>{t.analysis.compare}</legend>
        {names.map((name) => (
          <label key={name} class="check">
            <input
              type="checkbox"
              checked={picked.includes(name)}
              disabled={name === OPTIMAL && !tree}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setPicked((before) =>
                  on ? [...before, name] : before.filter((other) => other !== name),
                );
              }}
            />
            <span>{strategyTitle(t, name)}</span>
          </label>
        ))}
      </fieldset>
      <div class="actions">
        <button
          type="button"
          class="primary"
          onClick={start}
          disabled={progress !== undefined || picked.length === 0}
        >
          {picked.length > 1 ? t.analysis.analyseMany(picked.length) : t.analysis.analyse}
        </button>
        {progress && (
          <button type="button" onClick={stop}>
            {t.analysis.cancel}
          </button>
        )}
      </div>
      {progress && (
        <div class="progress" data-testid="progress">
          <span>{progress.title}</span>
          <progress
            value={progress.settled}
            max={progress.secrets}
            aria-label={t.analysis.played(progress.title)}
          />
          <span>{t.analysis.of(progress.settled, progress.secrets)}</span>
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {shown.length > 0 && (
        <div class="figures" data-testid="analysis-result">
          <Table results={shown} />
          <Chart results={shown} />
          {shown.map(({ name, title, summary }) => (
            <div key={name} class="worst-list" data-strategy={name}>
              <h2>{t.analysis.worst(title, summary.worst.length, summary.max)}</h2>
              <p class="worst" data-testid="worst">
                {summary.worst.slice(0, WORST_SHOWN).map((code) => (
                  <button
                    key={code}
                    type="button"
                    class="code-link"
                    data-code={code}
                    aria-label={t.analysis.openInTree(codeName(t, game.rules, code), title)}
                    onClick={() => onOpenSecret(name, code)}
                  >
                    <Code rules={game.rules} code={code} />
                  </button>
                ))}
                {summary.worst.length > WORST_SHOWN && (
                  <span>{t.analysis.andMore(summary.worst.length - WORST_SHOWN)}</span>
                )}
              </p>
            </div>
          ))}
          <p class="muted">
            {t.analysis.footnote(
              game.size,
              shown.reduce((sum, result) => sum + result.summary.seconds, 0),
            )}
          </p>
        </div>
      )}
    </section>
  );
}
