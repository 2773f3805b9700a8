/** Codes drawn as pegs or digit tiles, and answers drawn as key pegs with their numbers. */
import type { Rules } from '../src/rules.js';
import { PEG_COLOURS, type SymbolStyle, symbolStyle } from './settings.js';

interface PegProps {
  readonly rules: Rules;
  /** The symbol's index in the alphabet; undefined draws an empty hole. */
  readonly symbol: number | undefined;
  readonly style?: SymbolStyle;
}

/** One symbol: a coloured peg, or a digit tile. */
export function Peg({ rules, symbol, style = symbolStyle(rules) }: PegProps) {
  if (symbol === undefined) return <span class={`symbol ${style} empty`} />;
  const text = [...rules.alphabet][symbol];
  if (style === 'digits') return <span class="symbol digits">{text}</span>;
  return (
    <span class="symbol pegs" style={{ background: PEG_COLOURS[symbol] }}>
      {text}
    </span>
  );
}

/** The positions of a code of `pegs` pegs: 0, 1, …, pegs − 1. */
export function positions(pegs: number): number[] {
  return Array.from({ length: pegs }, (_, i) => i);
}

/** A whole code, written out in `code` (the text is kept for tests and screen readers). */
export function Code({ rules, code }: { readonly rules: Rules; readonly code: string }) {
  const alphabet = [...rules.alphabet];
  const symbols = [...code];
  return (
    <span class="code" data-code={code} aria-label={code}>
      {positions(symbols.length).map((position) => (
        <Peg key={position} rules={rules} symbol={alphabet.indexOf(symbols[position])} />
      ))}
    </span>
  );
}

interface AnswerProps {
  readonly pegs: number;
  readonly hits: number;
  readonly blows: number;
  /** A black-peg game's answer: hits alone, no blows to show. */
  readonly hitsOnly?: boolean;
}

/** An answer: black key pegs for hits, white for blows, then the numbers. */
export function Answer({ pegs, hits, blows, hitsOnly = false }: AnswerProps) {
  const kind = (i: number) => (i < hits ? 'hit' : i < hits + blows ? 'blow' : 'none');
  const hitsText = `${hits} ${hits === 1 ? 'hit' : 'hits'}`;
  return (
    <span class="answer" data-answer={hitsOnly ? `${hits}H` : `${hits}H${blows}B`}>
      <span class="keys" style={{ gridTemplateColumns: `repeat(${Math.ceil(pegs / 2)}, 1fr)` }}>
        {positions(pegs).map((position) => (
          <span key={position} class={`key ${kind(position)}`} />
        ))}
      </span>
      <span class="numbers">
        {hitsOnly ? hitsText : `${hitsText}, ${blows} ${blows === 1 ? 'blow' : 'blows'}`}
      </span>
    </span>
  );
}
