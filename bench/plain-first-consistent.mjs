/**
 * The yardstick of first-consistent analysis: a plain JavaScript script of the same algorithm
 * (walk the strategy's tree once, guess the first candidate, split the rest by answer), with no
 * score table, no typed arrays and no symmetry. Codes are arrays of digits. Prints the total.
 *
 *   node bench/plain-first-consistent.mjs PEGS COLORS
 */
const [pegs, colors] = process.argv.slice(2).map(Number);

const codes = [];
const extend = (code) => {
  if (code.length === pegs) codes.push(code);
  else for (let d = 0; d < colors; d++) if (!code.includes(d)) extend([...code, d]);
};
extend([]);

// Without repetition: bulls are equal places, cows shared digits elsewhere.
function answer(guess, secret) {
  let bulls = 0;
  let shared = 0;
  for (let i = 0; i < pegs; i++) {
    if (guess[i] === secret[i]) bulls++;
    if (secret.includes(guess[i])) shared++;
  }
  return bulls * (pegs + 1) + shared - bulls;
}

let total = 0;
const walk = (candidates, depth) => {
  const guess = candidates[0];
  const classes = new Map();
  for (const secret of candidates) {
    const key = answer(guess, secret);
    if (!classes.has(key)) classes.set(key, []);
    classes.get(key).push(secret);
  }
  for (const [key, members] of classes) {
    if (key === pegs * (pegs + 1)) total += depth;
    else walk(members, depth + 1);
  }
};
walk(codes, 1);
console.log(total);
