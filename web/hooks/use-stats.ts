/** The player's record by game's rules (stats.ts), kept in localStorage as games finish. */
import { useCallback, useState } from 'preact/hooks';
import { type PlayerRecord, type Stats, emptyRecord, readStats, writeStats } from '../stats.js';
import { storage } from './use-saved.js';

/** The record of the rules `key`, and what counts a finished game in it. */
export function useStats(key: string | undefined): {
  readonly record: PlayerRecord;
  readonly onRecord: (update: (before: PlayerRecord) => PlayerRecord) => void;
} {
  const [stats, setStats] = useState<Stats>(() => (storage() ? readStats(storage()!) : {}));
  const onRecord = useCallback(
    (update: (before: PlayerRecord) => PlayerRecord) => {
      if (!key) return;
      setStats((before) => {
        const now = before[key] ?? emptyRecord();
        const next = update(now);
        if (next === now) return before;
        const all = { ...before, [key]: next };
        const store = storage();
        if (store) writeStats(store, all);
        return all;
      });
    },
    [key],
  );
  return { record: (key && stats[key]) || emptyRecord(), onRecord };
}
