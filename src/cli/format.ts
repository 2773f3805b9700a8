/** Text output shared by the commands: histograms as bars, code lists, averages. */
import type { Analysis } from '../analyze.js';
import { reducedFraction } from '../fraction.js';
import type { Game } from '../game.js';

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A horizontal bar `value / max` of `width` cells, drawn with eighth blocks. */
export function bar(value: number, max: number, width = 40): string {
  if (max <= 0 || value <= 0) return '';
  const eighths = Math.max(1, Math.round((value / max) * width * 8));
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

/** Codes as text, several to a line, at most `limit` of them. */
function codeList(game: Game, codes: readonly number[], limit = 200, perLine = 12): string {
  const shown = codes.slice(0, limit).map((c) => game.codes.make(c));
  const lines: string[] = [];
  for (let i = 0; i < shown.length; i += perLine) {
    lines.push(`  ${shown.slice(i, i + perLine).join(' ')}`);
  }
  if (codes.length > limit)
    lines.push(`  … and ${codes.length - limit} more (--json lists them all)`);
  return lines.join('\n');
}

/** The average as a decimal and, when not whole, as an exact fraction. */
function averageText(total: number, secrets: number): string {
  const fraction = reducedFraction(total, secrets);
  const decimal = (total / secrets).toFixed(5);
  return fraction.includes('/') ? `${decimal} (${fraction})` : decimal;
}

/** The statistics block of `analyze` and `verify`. */
export function analysisText(game: Game, analysis: Analysis): string {
  const { secrets, total, max, histogram, worst } = analysis;
  const peak = Math.max(...histogram);
  const lines = [
    `secrets  ${secrets}`,
    `total    ${total} guesses`,
    `average  ${averageText(total, secrets)}`,
    `max      ${max}`,
    '',
    'guesses  secrets',
  ];
  const countWidth = Math.max(7, String(peak).length);
  for (let g = 1; g < histogram.length; g++) {
    lines.push(
      `${String(g).padStart(7)}  ${String(histogram[g]).padStart(countWidth)}  ${bar(histogram[g], peak)}`,
    );
  }
  lines.push('', `worst secrets (${worst.length}, ${max} guesses each):`, codeList(game, worst));
  return lines.join('\n');
}

/** The JSON statistics keys of `analyze` and `verify`. */
export function analysisJson(game: Game, analysis: Analysis): Record<string, unknown> {
  const histogram: Record<string, number> = {};
  analysis.histogram.forEach((count, g) => {
    if (count > 0) histogram[String(g)] = count;
  });
  return {
    secrets: analysis.secrets,
    total: analysis.total,
    average: analysis.total / analysis.secrets,
    averageFraction: reducedFraction(analysis.total, analysis.secrets),
    max: analysis.max,
    histogram,
    worst: analysis.worst.map((c) => game.codes.make(c)),
  };
}
