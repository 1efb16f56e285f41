/**
 * Between two fields of a record's search text (the ASCII unit separator). Folding removes it
 * from every field and needle, so no search matches across two fields. Text columns of some
 * databases (PostgreSQL's) cannot hold U+0000, the separator of older SQLite rows, which is
 * removed too: those rows still match exactly as before.
 */
const FIELD_SEPARATOR = '\u001f'

const SEPARATORS = /[\u0000\u001f]/g

/** Half of a surrogate pair, alone: the database drivers store and send it as U+FFFD. */
const LONE_SURROGATE = /\p{Cs}/gu

/**
 * Folds text for case-insensitive search beyond ASCII (`ä` finds `Ä`). Storage adapters keep
 * the folded text beside the record and match the folded needle literally, so `%` and `_`
 * in a search are plain characters. A lone half of a surrogate pair becomes U+FFFD, as the
 * databases receive it, so a needle cut from an emoji finds what it finds in every adapter.
 */
export const foldForSearch = (text: string): string =>
  text.normalize('NFC').toLowerCase().replace(SEPARATORS, '').replace(LONE_SURROGATE, '\uFFFD')

/** Joins the searchable fields of a record; the separator cannot occur in a folded needle. */
export const searchTextOf = (...fields: readonly (string | null | undefined)[]): string =>
  fields.filter((field): field is string => Boolean(field)).map(foldForSearch).join(FIELD_SEPARATOR)
