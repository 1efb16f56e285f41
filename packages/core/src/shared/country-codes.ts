import isoCountries from 'i18n-iso-countries/index.js'

/**
 * Every ISO 3166-1 alpha-2 code, plus XK (Kosovo: user-assigned, but used by the EU and in
 * VAT practice), sorted. From i18n-iso-countries, which follows the ISO 3166 maintenance agency.
 */
export const COUNTRY_CODES: readonly string[] = Object.keys(isoCountries.getAlpha2Codes()).filter((code) => /^[A-Z]{2}$/.test(code)).sort()

const KNOWN: ReadonlySet<string> = new Set(COUNTRY_CODES)

/** Whether `code` is an upper-case ISO 3166-1 alpha-2 code of a country (or XK). */
export const isCountryCode = (code: string): boolean => KNOWN.has(code)
