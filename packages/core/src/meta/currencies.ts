import currencyCodes from 'currency-codes'

export interface Currency {
  /** ISO 4217 alphabetic code. */
  code: string
  /** The English name of ISO 4217's list. */
  name: string
  /** Decimal places of the minor unit; null where ISO 4217 says "N.A." (metals, funds, test codes). */
  minorUnits: number | null
}

/** Codes whose minor unit ISO 4217 gives as "N.A." (currency-codes reports them as 0). */
const NO_MINOR_UNIT: ReadonlySet<string> = new Set(['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX'])

/**
 * Codes in force after the list currency-codes ships (ISO 4217 list one of 2024-06-25).
 * unv.: XCG, the Caribbean guilder of Curaçao and Sint Maarten, issued from 2025-03-31 to
 * replace ANG (central bank CBCS); ANG stays listed until ISO's list drops it.
 */
const LATER_CODES: readonly Currency[] = [{ code: 'XCG', name: 'Caribbean Guilder', minorUnits: 2 }]

let catalogue: readonly Currency[] | undefined

/** Every active ISO 4217 code, by code. */
export function currencies(): readonly Currency[] {
  catalogue ??= [
    ...currencyCodes.data.map(({ code, currency, digits }) => ({ code, name: currency, minorUnits: NO_MINOR_UNIT.has(code) ? null : digits })),
    ...LATER_CODES.filter((later) => !currencyCodes.code(later.code)),
  ].sort((a, b) => (a.code < b.code ? -1 : 1))
  return catalogue
}
