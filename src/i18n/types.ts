/** The shape of a namespace's strings: nested objects of strings. */
export interface Strings {
  [key: string]: string | Strings;
}

/**
 * Every translation (German, French, Italian) of a namespace has exactly the English keys:
 * `export const fr: Translation<typeof en> = { … }` in `locales/fr.ts` makes a missing or extra key a type error.
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** One namespace's strings by language (`en`, `de`, …), merged from its files by resources.ts. */
export type LocaleModule = Record<string, Strings>;
