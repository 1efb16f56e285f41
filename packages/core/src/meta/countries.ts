import countryCurrencies from 'country-to-currency'
import isoCountries from 'i18n-iso-countries/index.js'
import german from 'i18n-iso-countries/langs/de.json' with { type: 'json' }
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import { COUNTRY_CODES } from '../shared/country-codes'
import { isEuMember } from '../tax'

isoCountries.registerLocale(german)
isoCountries.registerLocale(english)

export interface Country {
  /** ISO 3166-1 alpha-2, or XK. */
  code: string
  /** Short names, e.g. Deutschland / Germany. */
  name: { de: string; en: string }
  /** A member of the EU today. */
  euMember: boolean
  /** The ISO 4217 currency the country uses, null where ISO 4217 names none. */
  defaultCurrency: string | null
}

/** Territories ISO 4217 lists with "No universal currency". */
const NO_UNIVERSAL_CURRENCY: ReadonlySet<string> = new Set(['AQ', 'GS', 'PS'])

let catalogue: readonly Country[] | undefined

/**
 * Every country by code, with names from i18n-iso-countries and the currency from
 * country-to-currency (both kept up to date by their projects).
 */
export function countries(): readonly Country[] {
  catalogue ??= COUNTRY_CODES.map((code) => ({
    code,
    name: { de: isoCountries.getName(code, 'de') ?? code, en: isoCountries.getName(code, 'en') ?? code },
    euMember: isEuMember(code),
    defaultCurrency: NO_UNIVERSAL_CURRENCY.has(code) ? null : ((countryCurrencies as Record<string, string | undefined>)[code] ?? null),
  }))
  return catalogue
}
