/**
 * The page's languages: English and Japanese, one object of words each (en.ts, ja.ts). The page
 * speaks the browser's language where it has it, else English, until the player picks one in the
 * settings, which is kept with the rest of the view (view-state.ts). Components read the words
 * of the page's language from `useText()`.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { en } from './en.js';
import { ja } from './ja.js';

export type { AnswerRule, GameWords, Noun, Text } from './en.js';

/** The page's languages, by their `<html lang>` code. */
export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

const TEXTS = { en, ja } as const;

/** The words of a language. */
export function textFor(language: Language) {
  return TEXTS[language];
}

/** The first of the browser's languages (`navigator.languages`) the page has, else English. */
export function languageFrom(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return 'en';
}

/** The words of the page's language, for components (the page provides them). */
export const TextContext = createContext(en);

/** The words of the page's language. */
export function useText() {
  return useContext(TextContext);
}
