import type { DocumentTable } from './repositories/kept-document-counts'

/**
 * A document number's stem: its folded text up to and including its last character that is
 * neither a letter nor a digit (`re-2024-` of `RE-2024-004321`, `entwurf-` of a draft's
 * placeholder, nothing of `RE2024001`). What follows the stem, the tail, holds letters and
 * digits only. Most number formats put their counter last, so a company's numbers usually have
 * few stems (a search reads them only while they are few). A needle that holds any other
 * character is then held by all of a stem's numbers or by none, except where it may run from
 * the stem into the tail (`2024-0`).
 */

/** A letter or a digit, by code point; every other character may close a stem. */
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u

const isLetterOrDigit = (character: string) => LETTER_OR_DIGIT.test(character)

/** The stem of a folded number (see above). */
export function numberStemOf(folded: string): string {
  const characters = [...folded]
  let end = characters.length
  while (end > 0 && isLetterOrDigit(characters[end - 1]!)) end--
  return characters.slice(0, end).join('')
}

/** Whether the stems decide which numbers may hold a folded needle: it has a character other than a letter or digit. */
export const stemsDecide = (needle: string): boolean => ![...needle].every(isLetterOrDigit)

/** Which stems' numbers hold a needle: all of them, or maybe some (each number is tested). */
export interface StemsHolding {
  readonly whole: readonly string[]
  readonly tested: readonly string[]
}

/**
 * How the numbers of each stem hold a folded needle:
 * - `whole`: the stem holds it, so every number of the stem does;
 * - `tested`: it may run from the end of the stem into the tail, so each number is tested;
 * - the other stems' numbers cannot hold it.
 *
 * Undefined where the stems do not decide (`stemsDecide`): a needle of letters and digits alone
 * may be anywhere in any tail. (A needle found in a number lies in the stem, or reaches into the
 * tail; then its part in the tail is letters and digits, so a needle with another character
 * begins in the stem, and its part before the tail is a suffix of the stem.)
 */
export function stemsHolding(needle: string, stems: readonly string[]): StemsHolding | undefined {
  if (!stemsDecide(needle)) return undefined
  const characters = [...needle]
  // Where the needle may cross from a stem into its tail: after a head whose rest is letters and digits.
  const heads: string[] = []
  for (let cut = characters.length - 1; cut > 0 && isLetterOrDigit(characters[cut]!); cut--) heads.push(characters.slice(0, cut).join(''))
  const whole: string[] = []
  const tested: string[] = []
  for (const stem of stems) {
    if (stem.includes(needle)) whole.push(stem)
    else if (heads.some((head) => stem.endsWith(head))) tested.push(stem)
  }
  return { whole, tested }
}

/**
 * Each table of numbered documents and its stems' index: the company, the type where the
 * index leads with it (`typeLeads`: an order document list always names its type, so its
 * stems are read per type; the invoices' are read across types, and a list of one invoice type
 * reads none), the stem, the list order (with the issue date), then the number a search tests
 * and the filters searched lists most often have (status, customer, category), so that the
 * index alone answers such a list. A list filtered by a column the index lacks reads no stems.
 */
export const STEM_INDEXES = {
  invoice: {
    index: 'invoice_stem_list',
    typeLeads: false,
    columns: ['company_id', 'number_stem', 'issue_date', 'created_at', 'seq', 'search_number', 'status', 'customer_id', 'document_category_id'],
  },
  order_document: {
    index: 'order_document_stem_list',
    typeLeads: true,
    columns: ['company_id', 'document_type', 'number_stem', 'issue_date', 'number', 'seq', 'search_number', 'status', 'customer_id', 'document_category_id'],
  },
} as const satisfies Record<DocumentTable, { index: string; typeLeads: boolean; columns: readonly string[] }>
