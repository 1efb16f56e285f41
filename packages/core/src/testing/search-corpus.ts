import fc from 'fast-check'

/**
 * What a search corpus is written from: ASCII, the characters of LIKE and FTS5 syntax, the words
 * FTS5 reads as operators, letters whose case folds to more or other letters (ß, İ, final sigma),
 * an accent written as a combining mark and as one letter, and a character beyond the BMP.
 * Few plain letters, so that searches often match several records.
 */
const PIECES = [
  'a', 'b', 'e', 'i', 'n', 'r', 's', 'A', 'B', 'E', 'I', 'N', 'R', 'S', '0', '1', '7',
  ' ', '-', '%', '_', '"', '*', '\'', '(', ')', ':', '^', '\\',
  'NEAR', 'AND', 'OR', 'NOT', 'near', 'or',
  'ä', 'Ä', 'ö', 'Ö', 'ü', 'Ü', 'ß', 'ẞ', 'ss', 'é', 'É', 'e\u0301', 'E\u0301', 'İ', 'ı', 'Σ', 'σ', 'ς', '😀',
] as const

/** Not among the pieces: a needle made of it matches nothing. */
export const ABSENT_CHARACTER = '§'

/** A text of 1 to `maxPieces` pieces. */
export const text = (maxPieces = 6) => fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: maxPieces }).map((pieces) => pieces.join(''))

/** A few instants and dates, so that records tie in their list order. */
const instant = fc.constantFrom('2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.001Z', '2026-03-02T08:00:00.000Z')
const date = fc.constantFrom('2026-02-27', '2026-03-01', '2026-03-02')

/** The searched values of the records to store; `customer` indexes picks a customer (modulo). */
export const corpus = fc.record({
  customers: fc.array(fc.record({ name: text(), customerNumber: text(4), email: fc.option(text(), { nil: null }), createdAt: instant }), { minLength: 1, maxLength: 10 }),
  products: fc.array(fc.record({ name: text(), productNumber: fc.option(text(4), { nil: null }), description: fc.option(text(), { nil: null }), createdAt: instant }), { maxLength: 10 }),
  invoices: fc.array(fc.record({ customer: fc.nat(), number: text(4), draft: fc.boolean(), issueDate: date, createdAt: instant }), { maxLength: 12 }),
  orderDocuments: fc.array(fc.record({
    customer: fc.nat(), number: text(4), documentType: fc.constantFrom('QUOTE', 'ORDER_CONFIRMATION') as fc.Arbitrary<'QUOTE' | 'ORDER_CONFIRMATION'>,
    issueDate: date, createdAt: instant,
  }), { maxLength: 12 }),
  recurringSchedules: fc.array(fc.record({ customer: fc.nat(), name: text(), nextRunDate: fc.option(date, { nil: null }), createdAt: instant }), { maxLength: 6 }),
  fileDocuments: fc.array(fc.record({ fileName: text(), title: fc.option(text(), { nil: null }), createdAt: instant }), { maxLength: 6 }),
  /** Repeated into a product description of 1,200 characters, which 1,000-character needles are cut from. */
  longSeed: text(8),
})

export type Corpus = typeof corpus extends fc.Arbitrary<infer T> ? T : never

/** Which case a needle's characters take: each flipped, or not, by these in turn. */
const caseFlips = fc.array(fc.boolean(), { minLength: 1, maxLength: 8 })

/**
 * How to make a needle from what is stored when it is searched: a part of a stored value with
 * changed case (often of 1 or 2 characters, which trigrams cannot serve), or a text of its own.
 */
export const needleRecipe = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('part' as const), value: fc.nat(), start: fc.nat(), length: fc.oneof(fc.constantFrom(1, 2), fc.integer({ min: 3, max: 12 })), caseFlips,
      /** The needle as cut, or with its accents written as combining marks (NFD), or as single letters (NFC). */
      form: fc.constantFrom(null, 'NFD', 'NFC') as fc.Arbitrary<'NFD' | 'NFC' | null>,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('literal' as const), text: fc.array(fc.constantFrom('%', '_'), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('literal' as const), text: fc.constantFrom('"', '*', 'NEAR', 'near', 'a OR b', '"x" AND "y"', 'NEAR(a b)', 'e*', '"ä"', 'NOT a', '-a', 'a:b', '^a', '\'', '(', ')', 'OR', 'AND', ' ') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('literal' as const), text: text(3) }) },
)

export type NeedleRecipe = typeof needleRecipe extends fc.Arbitrary<infer T> ? T : never

/** A needle with a page of its results to read as well. */
export const needle = fc.record({ recipe: needleRecipe, limit: fc.integer({ min: 1, max: 5 }), offset: fc.integer({ min: 0, max: 6 }) })

export type Needle = typeof needle extends fc.Arbitrary<infer T> ? T : never

/**
 * Changes between two searches, which an index kept beside the records must follow: a customer
 * renamed (its documents and schedules are searched by the current name), a product changed, a
 * draft given its number or deleted, an order document renumbered, moved to another customer or
 * deleted, a schedule renamed and moved, a file renamed.
 */
export const change = fc.oneof(
  fc.record({ kind: fc.constant('renameCustomer' as const), index: fc.nat(), name: text(), email: fc.option(text(), { nil: null }) }),
  fc.record({ kind: fc.constant('changeProduct' as const), index: fc.nat(), name: text(), productNumber: fc.option(text(4), { nil: null }), description: fc.option(text(), { nil: null }) }),
  fc.record({ kind: fc.constant('issueDraft' as const), index: fc.nat(), number: text(4) }),
  fc.record({ kind: fc.constant('deleteDraft' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('changeOrderDocument' as const), index: fc.nat(), number: text(4), customer: fc.nat() }),
  fc.record({ kind: fc.constant('deleteOrderDocument' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('changeSchedule' as const), index: fc.nat(), name: text(), customer: fc.nat() }),
  fc.record({ kind: fc.constant('changeFileDocument' as const), index: fc.nat(), fileName: text(), title: fc.option(text(), { nil: null }) }),
)

export type Change = typeof change extends fc.Arbitrary<infer T> ? T : never

/** `text` with the case of each character flipped where `flips` (used in turn) says so. */
export function withFlippedCase(text: string, flips: readonly boolean[]): string {
  return Array.from(text, (character, index) => {
    if (!flips[index % flips.length]) return character
    const lower = character.toLowerCase()
    return character === lower ? character.toUpperCase() : lower
  }).join('')
}
