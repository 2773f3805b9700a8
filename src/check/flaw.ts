/**
 * How a certificate fails: a `CertificateFlaw` names the line, the position of the node that
 * fails (when there is one) and why. Inside the checker a `Flaw` carries only the why; the
 * checker adds the line and the position where it catches it.
 */
import type { JsonValue } from './json.js';

/**
 * Why something read is wrong, before the line is known; `at` is the position it concerns when
 * that is not the node the line should hold (a node deep in a strategy tree).
 */
export class Flaw extends Error {
  constructor(
    why: string,
    readonly at?: string,
  ) {
    super(why);
    this.name = 'Flaw';
  }
}

/** The first flaw of a certificate: at line `line` (1-based), at the position `at` if any. */
export class CertificateFlaw extends Error {
  constructor(
    readonly line: number,
    /** The position, as written in the file (`[["1123","0H1B"]]`), or undefined off the nodes. */
    readonly at: string | undefined,
    readonly why: string,
  ) {
    super(`line ${line}${at === undefined ? '' : ` (at ${at})`}: ${why}`);
    this.name = 'CertificateFlaw';
  }
}

/** The most characters of the input a message repeats. */
const QUOTED_MAX = 40;

/** `text` quoted for a message: cut short, with its length, if it is long. */
export function quote(text: string): string {
  const chars = Array.from(text);
  const shown = chars.length <= QUOTED_MAX ? text : `${chars.slice(0, QUOTED_MAX).join('')}…`;
  const escaped = JSON.stringify(shown);
  return chars.length <= QUOTED_MAX ? escaped : `${escaped} (${chars.length} characters)`;
}

/** A short description of a value read, for messages: `"1234"`, `an array`, `3`. */
export function describe(value: JsonValue | undefined): string {
  if (value === undefined) return 'nothing';
  if (value === null || typeof value === 'boolean' || typeof value === 'number') {
    return String(value);
  }
  if (typeof value === 'string') return quote(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}
