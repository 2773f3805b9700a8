/**
 * A strict JSON reader of its own, for one line of a certificate. `JSON.parse` will not do: it
 * reorders keys that look like array indices ("1234" goes before "0123") and keeps only the last
 * of two equal keys, and the order and uniqueness of keys is part of what a certificate says
 * (`refuted` lists its guesses in code order, and its children follow in that order). So an
 * object is read as its list of entries, in the order written, and a repeated key is refused.
 *
 * Every number in the format is a whole number, so only integers written plainly are read (no
 * fraction, no exponent, at most 15 digits): anything else is refused rather than rounded.
 */
import { Flaw, describe, quote } from './flaw.js';

/** A JSON value as read: objects keep their entries in order. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object: its entries in the order written, no key twice. */
export class JsonObject {
  constructor(readonly entries: readonly (readonly [string, JsonValue])[]) {}

  /** The keys, in order. */
  keys(): string[] {
    return this.entries.map(([key]) => key);
  }

  /** The value of `key`, or undefined. */
  get(key: string): JsonValue | undefined {
    for (const [name, value] of this.entries) if (name === key) return value;
    return undefined;
  }
}

/** How deep arrays and objects may nest in one line (a strategy tree takes two a level). */
export const MAX_NESTING = 1000;

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const LITERALS = [
  ['true', true],
  ['false', false],
  ['null', null],
] as const;

/** Reads `text` as one JSON value, or throws a `Flaw` naming the offending character. */
export function parseJson(text: string): JsonValue {
  let at = 0;
  const fail = (why: string): never => {
    throw new Flaw(`not JSON: ${why} at character ${at + 1}`);
  };
  const skipWhitespace = () => {
    while (at < text.length && WHITESPACE.has(text[at])) at++;
  };

  const readString = (): string => {
    // At the opening quote.
    at++;
    let out = '';
    for (;;) {
      if (at >= text.length) fail('a string that does not end');
      const ch = text[at];
      if (ch === '"') {
        at++;
        return out;
      }
      if (ch < ' ') fail('a control character inside a string');
      if (ch !== '\\') {
        out += ch;
        at++;
        continue;
      }
      const escaped = text[at + 1];
      if (escaped !== undefined && Object.hasOwn(ESCAPES, escaped)) {
        out += ESCAPES[escaped];
        at += 2;
      } else if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
        out += String.fromCharCode(Number.parseInt(text.slice(at + 2, at + 6), 16));
        at += 6;
      } else {
        fail('a bad escape in a string');
      }
    }
  };

  const readNumber = (): number => {
    const match = /^-?(0|[1-9][0-9]*)/.exec(text.slice(at, at + 20));
    if (!match) return fail('an unexpected character');
    const next = text[at + match[0].length];
    if (next === '.' || next === 'e' || next === 'E') fail('a number that is not a whole number');
    if (match[0].replace('-', '').length > 15) fail('a number with more than 15 digits');
    at += match[0].length;
    return Number(match[0]);
  };

  const readValue = (depth: number): JsonValue => {
    if (depth > MAX_NESTING) fail(`arrays and objects nested more than ${MAX_NESTING} deep`);
    skipWhitespace();
    const ch = text[at];
    if (ch === undefined) return fail('the end of the line where a value should be');
    if (ch === '"') return readString();
    if (ch === '{') {
      at++;
      const entries: [string, JsonValue][] = [];
      const seen = new Set<string>();
      skipWhitespace();
      if (text[at] === '}') {
        at++;
        return new JsonObject(entries);
      }
      for (;;) {
        skipWhitespace();
        if (text[at] !== '"') fail('expected a key');
        const key = readString();
        if (seen.has(key)) fail(`the key ${quote(key)} twice`);
        seen.add(key);
        skipWhitespace();
        if (text[at] !== ':') fail('expected :');
        at++;
        entries.push([key, readValue(depth + 1)]);
        skipWhitespace();
        if (text[at] === ',') at++;
        else if (text[at] === '}') {
          at++;
          return new JsonObject(entries);
        } else fail('expected , or }');
      }
    }
    if (ch === '[') {
      at++;
      const items: JsonValue[] = [];
      skipWhitespace();
      if (text[at] === ']') {
        at++;
        return items;
      }
      for (;;) {
        items.push(readValue(depth + 1));
        skipWhitespace();
        if (text[at] === ',') at++;
        else if (text[at] === ']') {
          at++;
          return items;
        } else fail('expected , or ]');
      }
    }
    for (const [literal, meaning] of LITERALS) {
      if (text.startsWith(literal, at)) {
        at += literal.length;
        return meaning;
      }
    }
    return readNumber();
  };

  const value = readValue(0);
  skipWhitespace();
  if (at < text.length) fail('more after the value');
  return value;
}

/**
 * The fields of `value`, which must be an object (`what` names it in messages) whose keys are
 * among `known`, in that order, with every one of `required`. Throws a `Flaw` otherwise.
 */
export function readFields(
  value: JsonValue | undefined,
  what: string,
  known: readonly string[],
  required: readonly string[],
): Map<string, JsonValue> {
  if (!(value instanceof JsonObject))
    throw new Flaw(`${what} is ${describe(value)}, not an object`);
  let last = -1;
  for (const key of value.keys()) {
    const index = known.indexOf(key);
    if (index < 0) throw new Flaw(`${what} has the unknown key ${quote(key)}`);
    if (index < last) {
      throw new Flaw(`${what} has its keys out of order: they come as ${known.join(', ')}`);
    }
    last = index;
  }
  for (const key of required) {
    if (value.get(key) === undefined) throw new Flaw(`${what} lacks the key ${quote(key)}`);
  }
  return new Map(value.entries);
}
