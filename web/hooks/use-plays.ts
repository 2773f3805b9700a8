/**
 * The games in progress, one per role and per game's rules, so switching tabs, strategies or
 * games loses none: a change of strategy hands a game to the new strategy. Restored from what the
 * page saved, and saved after every move.
 */
import { useRef, useState } from 'preact/hooks';
import { CodebreakerError } from '../../src/errors.js';
import type { Game } from '../../src/game.js';
import type { Strategy } from '../../src/strategy.js';
import type { Tree } from '../../src/tree.js';
import { CodebreakerPlay, CodemakerPlay } from '../play.js';
import { freshSeed } from '../strategy-choice.js';
import { VersusPlay } from '../versus.js';
import { type SavedGames, type Tab, withGames } from '../view-state.js';
import type { SavedState } from './use-saved.js';

/** The games in progress of one game's rules. */
export interface Plays {
  codemaker?: CodemakerPlay;
  codebreaker?: CodebreakerPlay;
  versus?: VersusPlay;
}

/** What the page needs to know to find or start the games. */
export interface PlaysOf {
  readonly game: Game | undefined;
  readonly strategy: Strategy | undefined;
  /** The rules' key (`rulesKey`). */
  readonly key: string | undefined;
  readonly tab: Tab;
  /** The game's proved tree, for the head-to-head opponent. */
  readonly tree: Tree | undefined;
}

/** Calls `restore`, keeping nothing if what was saved no longer fits the rules. */
function restored<T>(restore: () => T | undefined): T | undefined {
  try {
    return restore();
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error;
    return undefined;
  }
}

/**
 * The games of the current rules, restored or started, and played by the current strategy; with
 * `changed`, to call after a move (saves them and renders again), and `replace`, for a new game.
 */
export function usePlays(
  { game, strategy, key, tab, tree }: PlaysOf,
  { saved, save }: SavedState,
): { readonly current: Plays; changed(): void; replace(next: Plays): void } {
  const plays = useRef(new Map<string, Plays>());
  const [, setTick] = useState(0);

  const playsNow = (): Plays => {
    if (!game || !strategy || !key) return {};
    let now = plays.current.get(key);
    if (!now) {
      const stored = saved.current.games[key];
      now = {
        codemaker: restored(
          () => stored?.codemaker && CodemakerPlay.restore(game, strategy, stored.codemaker),
        ),
        versus: restored(() => stored?.versus && VersusPlay.restore(game, stored.versus, tree)),
        codebreaker: restored(
          () => stored?.codebreaker && CodebreakerPlay.restore(game, strategy, stored.codebreaker),
        ),
      };
      plays.current.set(key, now);
    }
    if (tab === 'codemaker' || now.codemaker) {
      now.codemaker =
        now.codemaker === undefined
          ? new CodemakerPlay(game, strategy)
          : now.codemaker.strategy === strategy
            ? now.codemaker
            : now.codemaker.withStrategy(strategy);
    }
    if (tab === 'versus' && !now.versus) {
      now.versus = new VersusPlay(game, 'normal', freshSeed(), tree);
    }
    if (tab === 'codebreaker' || now.codebreaker) {
      now.codebreaker =
        now.codebreaker === undefined
          ? new CodebreakerPlay(game, strategy, freshSeed())
          : now.codebreaker.strategy === strategy
            ? now.codebreaker
            : now.codebreaker.withStrategy(strategy);
    }
    return now;
  };

  const changed = (): void => {
    if (key) {
      const now = plays.current.get(key) ?? {};
      const entry: SavedGames = {
        codemaker: now.codemaker?.saved,
        codebreaker: now.codebreaker?.saved,
        versus: now.versus?.saved,
      };
      save({ games: withGames(saved.current.games, key, entry) });
    }
    setTick((tick) => tick + 1);
  };
  const replace = (next: Plays): void => {
    if (!key) return;
    plays.current.set(key, { ...plays.current.get(key), ...next });
    changed();
  };
  return { current: playsNow(), changed, replace };
}
