/**
 * Folds text for case-insensitive search beyond ASCII (`ä` finds `Ä`). Storage adapters keep
 * the folded text beside the record and match the folded needle literally, so `%` and `_`
 * in a search are plain characters.
 */
export const foldForSearch = (text: string): string => text.normalize('NFC').toLowerCase().replaceAll('\u0000', '')

/** Joins the searchable fields of a record; the separator cannot occur in a folded needle. */
export const searchTextOf = (...fields: readonly (string | null | undefined)[]): string =>
  fields.filter((field): field is string => Boolean(field)).map(foldForSearch).join('\u0000')
