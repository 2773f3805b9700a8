// The worker: plays a game and analyses a strategy off the page's thread.
import { CodebreakerError, Game, analyze, createStrategy, resolveRules, solve } from 'codebreaker';

export interface Request {
  game: string;
  strategy: string;
  secret: string;
}
export type Reply =
  | { played: string[]; total: number; max: number; histogram: readonly number[] }
  | { error: string };

self.onmessage = (event: MessageEvent<Request>) => {
  try {
    const game = new Game(resolveRules({ game: event.data.game }));
    const strategy = createStrategy(event.data.strategy);
    const turns = solve(game, strategy, game.codes.parse(event.data.secret));
    const played = turns.map((t) => `${game.codes.make(t.guess)} ${game.answerText(t.answer)}`);
    const { total, max, histogram } = analyze(game, strategy);
    self.postMessage({ played, total, max, histogram } satisfies Reply);
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error;
    self.postMessage({ error: error.message } satisfies Reply);
  }
};
