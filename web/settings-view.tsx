/**
 * The settings menus: the game (a preset, or rules of one's own), the strategy and its seed, the
 * theme and the language. The page owns the values; this form only shows and changes them.
 */
import type { Game } from '../src/game.js';
import {
  GAME_OPTIONS,
  type GameChoice,
  type GameOption,
  customChoice,
  presetChoice,
} from './settings.js';
import { type StrategyChoice, strategyTitle } from './strategy-choice.js';
import { LANGUAGES, type Language, textFor, useText } from './text/index.js';
import { THEMES, type Theme } from './view-state.js';

/** A labelled number field; `onValue` gets NaN while the field holds no whole number. */
function WholeNumber(props: {
  readonly label: string;
  readonly min: number;
  readonly value: number;
  readonly onValue: (value: number) => void;
}) {
  const { label, min, value, onValue } = props;
  return (
    <label class="field">
      <span>{label}</span>
      <input
        type="number"
        aria-label={label}
        inputMode="numeric"
        min={min}
        value={Number.isNaN(value) ? '' : value}
        onInput={(event) => {
          const text = event.currentTarget.value;
          onValue(/^\d+$/.test(text) ? Number(text) : Number.NaN);
        }}
      />
    </label>
  );
}

/** The menus: a preset or custom rules, the strategy, and the theme. */
export function Settings(props: {
  readonly choice: GameChoice;
  readonly game: Game | undefined;
  readonly onChoice: (choice: GameChoice) => void;
  readonly names: readonly string[];
  readonly strategy: StrategyChoice;
  readonly onStrategy: (choice: StrategyChoice) => void;
  readonly theme: Theme;
  readonly onTheme: (theme: Theme) => void;
  readonly language: Language;
  readonly onLanguage: (language: Language) => void;
}) {
  const { choice, game, onChoice, names, strategy, onStrategy, theme, onTheme } = props;
  const t = useText();
  const pickGame = (option: GameOption) => {
    if (option !== 'custom') onChoice(presetChoice(option));
    else onChoice(game ? customChoice(game.rules) : { ...choice, game: 'custom' });
  };
  return (
    <form class="settings" onSubmit={(event) => event.preventDefault()}>
      <label class="field">
        <span>{t.settings.game}</span>
        <select
          aria-label={t.settings.game}
          value={choice.game}
          onChange={(event) => pickGame(event.currentTarget.value as GameOption)}
        >
          {GAME_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option === 'custom' ? t.settings.custom : t.games[option]}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>{t.settings.strategy}</span>
        <select
          aria-label={t.settings.strategy}
          value={strategy.name}
          onChange={(event) => onStrategy({ ...strategy, name: event.currentTarget.value })}
        >
          {names.map((name) => (
            <option key={name} value={name}>
              {strategyTitle(t, name)}
            </option>
          ))}
        </select>
      </label>
      {strategy.name === 'random-consistent' && (
        <WholeNumber
          label={t.settings.seed}
          min={0}
          value={strategy.seed}
          onValue={(seed) => {
            if (!Number.isNaN(seed)) onStrategy({ ...strategy, seed });
          }}
        />
      )}
      {choice.game === 'custom' && (
        <fieldset class="custom">
          <legend>{t.settings.customRules}</legend>
          <WholeNumber
            label={t.settings.pegs}
            min={1}
            value={choice.pegs}
            onValue={(pegs) => onChoice({ ...choice, pegs })}
          />
          <WholeNumber
            label={t.settings.colours}
            min={2}
            value={choice.colors}
            onValue={(colors) => onChoice({ ...choice, colors, alphabet: '' })}
          />
          <label class="check">
            <input
              type="checkbox"
              checked={choice.repeat}
              onChange={(event) => onChoice({ ...choice, repeat: event.currentTarget.checked })}
            />
            <span>{t.settings.repetition}</span>
          </label>
          <label class="check" title={t.settings.blackPegsMeans}>
            <input
              type="checkbox"
              checked={choice.blackPegs}
              onChange={(event) => onChoice({ ...choice, blackPegs: event.currentTarget.checked })}
            />
            <span>{t.settings.blackPegsOnly}</span>
          </label>
          <label class="field">
            <span>{t.settings.symbols}</span>
            <input
              class="alphabet"
              aria-label={t.settings.symbols}
              placeholder="0-9 a-z"
              value={choice.alphabet}
              onInput={(event) => onChoice({ ...choice, alphabet: event.currentTarget.value })}
            />
          </label>
        </fieldset>
      )}
      <label class="field theme">
        <span>{t.settings.theme}</span>
        <select
          aria-label={t.settings.theme}
          value={theme}
          onChange={(event) => onTheme(event.currentTarget.value as Theme)}
        >
          {THEMES.map((name) => (
            <option key={name} value={name}>
              {t.settings.themes[name]}
            </option>
          ))}
        </select>
      </label>
      <label class="field language">
        <span>{t.settings.language}</span>
        <select
          aria-label={t.settings.language}
          value={props.language}
          onChange={(event) => props.onLanguage(event.currentTarget.value as Language)}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {textFor(code).name}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
