/** The shape of a namespace's strings: nested objects of strings. */
export interface Strings {
  [key: string]: string | Strings;
}

/**
 * The German (or any further) translation of a namespace has exactly the English keys:
 * `export const de: Translation<typeof en> = { … }` makes a missing or extra key a type error.
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** What every `src/features/<area>/locales.ts` exports. */
export interface LocaleModule {
  en: Strings;
  de: Strings;
}
