/** Codes drawn as pegs or digit tiles, and answers drawn as key pegs or words, in the game's terms. */
import type { Rules } from '../src/rules.js';
import { PEG_COLOURS, type SymbolStyle, symbolStyle } from './settings.js';
import { type Text, useText } from './text/index.js';
import { type Terms, answerWords } from './words.js';

/** A symbol as read aloud: "red 1" for a peg (its colour from `t.colours`), "7" for a digit. */
export function symbolName(t: Text, rules: Rules, symbol: number): string {
  const char = [...rules.alphabet][symbol];
  return symbolStyle(rules) === 'pegs' ? `${t.colours[symbol]} ${char}` : char;
}

/** A code as read aloud: "red 1, red 1, green 2, blue 3" or "0 1 2 3". */
export function codeName(t: Text, rules: Rules, code: string): string {
  const alphabet = [...rules.alphabet];
  const names = [...code].map((char) => symbolName(t, rules, alphabet.indexOf(char)));
  return names.join(symbolStyle(rules) === 'pegs' ? ', ' : ' ');
}

interface PegProps {
  readonly rules: Rules;
  /** The symbol's index in the alphabet; undefined draws an empty hole. */
  readonly symbol: number | undefined;
  readonly style?: SymbolStyle;
}

/** One symbol: a coloured peg, or a digit tile; decorative (its code or slot is labelled). */
export function Peg({ rules, symbol, style = symbolStyle(rules) }: PegProps) {
  if (symbol === undefined) return <span class={`symbol ${style} empty`} aria-hidden="true" />;
  const text = [...rules.alphabet][symbol];
  if (style === 'digits') {
    return (
      <span class="symbol digits" aria-hidden="true">
        {text}
      </span>
    );
  }
  return (
    <span
      class={`symbol pegs${symbol === 9 || symbol === 3 || symbol === 11 ? ' light' : ''}`}
      style={{ background: PEG_COLOURS[symbol] }}
      aria-hidden="true"
    >
      {text}
    </span>
  );
}

/** The positions of a code of `pegs` pegs: 0, 1, …, pegs − 1. */
export function positions(pegs: number): number[] {
  return Array.from({ length: pegs }, (_, i) => i);
}

/** A whole code, written out in `code` and labelled with it, for tests and screen readers. */
export function Code({ rules, code }: { readonly rules: Rules; readonly code: string }) {
  const t = useText();
  const alphabet = [...rules.alphabet];
  const symbols = [...code];
  return (
    <span class="code" data-code={code} role="img" aria-label={codeName(t, rules, code)}>
      {positions(symbols.length).map((position) => (
        <Peg key={position} rules={rules} symbol={alphabet.indexOf(symbols[position])} />
      ))}
    </span>
  );
}

interface AnswerProps {
  readonly rules: Rules;
  readonly terms: Terms;
  readonly hits: number;
  readonly blows: number;
  /** Also write the answer out in words beside the key pegs. */
  readonly words?: boolean;
}

/**
 * An answer: key pegs (black for hits, white for blows) on a pegs board, words on a digits one;
 * labelled in the game's words either way ("2 bulls, 1 cow").
 */
export function Answer({ rules, terms, hits, blows, words = false }: AnswerProps) {
  const said = answerWords(useText(), terms, hits, blows);
  const pegs = rules.pegs;
  if (symbolStyle(rules) === 'digits') {
    return (
      <span class="answer" data-answer={terms.hitsOnly ? `${hits}H` : `${hits}H${blows}B`}>
        <span class="answer-words">{said}</span>
      </span>
    );
  }
  const kind = (i: number) => (i < hits ? 'hit' : i < hits + blows ? 'blow' : 'none');
  return (
    <span class="answer" data-answer={terms.hitsOnly ? `${hits}H` : `${hits}H${blows}B`}>
      <span
        class="keys"
        role="img"
        aria-label={said}
        title={said}
        style={{ gridTemplateColumns: `repeat(${Math.ceil(pegs / 2)}, auto)` }}
      >
        {positions(pegs).map((position) => (
          <span key={position} class={`key ${kind(position)}`} />
        ))}
      </span>
      {words && <span class="answer-words">{said}</span>}
    </span>
  );
}
