// The other puzzles of the seed pages, under `puzzles`.
import { puzzles } from 'codebreaker';

// Komachi: + and - between 1..9 (or neither) to make 100.
const sums = puzzles.komachi();
console.log(`${sums.length} ways, such as ${sums[0]}`);

const [money] = puzzles.solveCryptarithm(puzzles.parseCryptarithm('SEND+MORE=MONEY'));
console.log(money.equation);

const jugs = puzzles.waterJugs({ capacities: [8, 5], target: 4 });
console.log(`${jugs?.moves.length} moves: ${jugs?.moves.map(puzzles.describeJugMove).join(', ')}`);

console.log(`${puzzles.magicSquares(3).length} magic squares of order 3`);
