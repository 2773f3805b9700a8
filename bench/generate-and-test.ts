/**
 * The baseline: a plain TypeScript port of the seed pages' generate-and-test player. For every
 * secret it scans all codes in order and guesses the first one consistent with every earlier
 * answer, replaying each secret from scratch. Codes are arrays of digits, as on those pages.
 */

/** Every code of `pegs` distinct digits out of `colors`, in order. */
export function allCodes(pegs: number, colors: number): number[][] {
  const codes: number[][] = [];
  const current: number[] = [];
  const extend = (): void => {
    if (current.length === pegs) {
      codes.push([...current]);
      return;
    }
    for (let d = 0; d < colors; d++) {
      if (current.includes(d)) continue;
      current.push(d);
      extend();
      current.pop();
    }
  };
  extend();
  return codes;
}

/** Bulls and cows of `guess` against `secret`. */
function bullsAndCows(secret: number[], guess: number[]): [number, number] {
  let bulls = 0;
  let cows = 0;
  for (let i = 0; i < guess.length; i++) {
    if (guess[i] === secret[i]) bulls++;
    else if (secret.includes(guess[i])) cows++;
  }
  return [bulls, cows];
}

/** How many guesses generate-and-test needs for `secret`. */
export function playGenerateAndTest(codes: number[][], secret: number[]): number {
  const guesses: number[][] = [];
  const answers: [number, number][] = [];
  for (;;) {
    let guess: number[] | undefined;
    for (const code of codes) {
      let consistent = true;
      for (let i = 0; i < guesses.length && consistent; i++) {
        const [bulls, cows] = bullsAndCows(code, guesses[i]);
        consistent = bulls === answers[i][0] && cows === answers[i][1];
      }
      if (consistent) {
        guess = code;
        break;
      }
    }
    if (!guess) throw new Error('no consistent code');
    const answer = bullsAndCows(secret, guess);
    guesses.push(guess);
    answers.push(answer);
    if (answer[0] === secret.length) return guesses.length;
  }
}
