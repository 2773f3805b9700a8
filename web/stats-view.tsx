/**
 * What a finished game shows besides its board: a short celebration on a win (falling pegs,
 * none where the system asks for reduced motion), the player's record for the game's rules
 * (stats.ts), and a button that copies a result which gives nothing away.
 */
import { useState } from 'preact/hooks';
import { PEG_COLOURS } from './settings.js';
import { type PlayerRecord, shareText } from './stats.js';
import { useText } from './text/index.js';

/** Pegs that fall once over the outcome; decorative, and still where motion is reduced. */
export function Celebration() {
  return (
    <div class="celebrate" aria-hidden="true" data-testid="celebration">
      {PEG_COLOURS.map((colour, i) => (
        <span
          key={colour}
          style={{
            background: colour,
            left: `${4 + i * 8}%`,
            animationDelay: `${(i % 4) * 0.12}s`,
          }}
        />
      ))}
    </div>
  );
}

/** The record of the game's rules: figures, the guesses of each win as bars, head to head. */
export function StatsPanel({ record }: { readonly record: PlayerRecord }) {
  const t = useText();
  const wins = Object.entries(record.distribution)
    .map(([guesses, n]) => [Number(guesses), n] as const)
    .sort((a, b) => a[0] - b[0]);
  const most = Math.max(1, ...wins.map(([, n]) => n));
  const { versus } = record;
  const figures: [string, string, string?][] = [
    [t.stats.played, t.number(record.played)],
    [t.stats.winRate, record.played ? `${Math.round((100 * record.won) / record.played)}%` : '–'],
    [t.stats.streak, t.number(record.streak)],
    [t.stats.bestStreak, t.number(record.bestStreak)],
    [
      t.stats.overPar,
      record.parGames ? `+${(record.overPar / record.parGames).toFixed(2)}` : '–',
      t.stats.overParMeans,
    ],
  ];
  return (
    <section class="stats" data-testid="stats" aria-label={t.stats.title}>
      <h2>{t.stats.title}</h2>
      {record.played === 0 && versus.won + versus.lost + versus.draw === 0 ? (
        <p class="muted">{t.stats.none}</p>
      ) : (
        <>
          <dl class="figures-row">
            {figures.map(([label, value, title]) => (
              <div key={label} title={title}>
                <dt>{label}</dt>
                <dd data-stat={label}>{value}</dd>
              </div>
            ))}
          </dl>
          {wins.length > 0 && (
            <>
              <h3>{t.stats.distribution}</h3>
              <ol class="distribution" data-testid="distribution">
                {wins.map(([guesses, n]) => (
                  <li
                    key={guesses}
                    data-guesses={guesses}
                    data-wins={n}
                    aria-label={t.stats.bar(guesses, n)}
                  >
                    <span class="bar-label">{guesses}</span>
                    <span class="bar" style={{ width: `${Math.max(8, (100 * n) / most)}%` }}>
                      {n}
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )}
          {versus.won + versus.lost + versus.draw > 0 && (
            <p data-testid="versus-record">
              {t.stats.versus(versus.won, versus.lost, versus.draw)}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Copies a spoiler-free result to the clipboard, and shows what it copied. */
export function ShareButton(props: {
  readonly title: string;
  readonly pegs: number;
  readonly answers: readonly { readonly hits: number; readonly blows: number }[];
  readonly solved: boolean;
}) {
  const t = useText();
  const [shown, setShown] = useState<{ text: string; copied: boolean }>();
  const share = async () => {
    const text = shareText(props.title, props.pegs, props.answers, props.solved);
    let copied = false;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      // No clipboard here (an insecure page, a refusal): show the text to copy by hand.
    }
    setShown({ text, copied });
  };
  return (
    <>
      <button type="button" onClick={share} data-testid="share">
        {t.stats.share}
      </button>
      {shown && (
        <output class="shared">
          <span class="shared-label">{shown.copied ? t.stats.copied : t.stats.copyThis}</span>
          <span class="share-text" data-testid="share-text">
            {shown.text}
          </span>
        </output>
      )}
    </>
  );
}
