// The other puzzles of the seed pages, from their own entry point.
import {
  describeJugMove,
  komachi,
  magicSquares,
  parseCryptarithm,
  solveCryptarithm,
  waterJugs,
} from 'codebreaker/puzzles';

// Komachi: + and - between 1..9 (or neither) to make 100.
const sums = komachi();
console.log(`${sums.length} ways, such as ${sums[0]}`);

const [money] = solveCryptarithm(parseCryptarithm('SEND+MORE=MONEY'));
console.log(money.equation);

const jugs = waterJugs({ capacities: [8, 5], target: 4 });
console.log(`${jugs?.moves.length} moves: ${jugs?.moves.map(describeJugMove).join(', ')}`);

console.log(`${magicSquares(3).length} magic squares of order 3`);
