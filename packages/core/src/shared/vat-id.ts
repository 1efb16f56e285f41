import {
  austria, belgium, bulgaria, checkVAT, croatia, cyprus, czechRepublic, denmark, estonia, finland, france, germany, greece,
  hungary, ireland, italy, latvia, lithuania, luxembourg, malta, netherlands, norway, poland, portugal, romania,
  slovakiaRepublic, slovenia, spain, sweden, switzerland, unitedKingdom,
} from 'jsvat'

/**
 * The formats of VAT identification numbers are those jsvat keeps (the patterns VIES publishes
 * for the member states, and those of the Swiss UID register, HMRC and the Norwegian register),
 * so they are not copied here. Only the countries the engine invoices under are taken:
 * the EU-27 as VIES names them (Greece is EL), Northern Ireland (XI, under the GB format),
 * Switzerland (CHE), the United Kingdom (GB) and Norway (NO).
 */
const FORMATS = [
  austria, belgium, bulgaria, croatia, cyprus, czechRepublic, denmark, estonia, finland, france, germany, greece,
  hungary, ireland, italy, latvia, lithuania, luxembourg, malta, netherlands, poland, portugal, romania,
  slovakiaRepublic, slovenia, spain, sweden, switzerland, unitedKingdom, norway,
]

/** The prefixes a VAT id may start with, and the country each names (ISO 3166 alpha-2). */
export const VAT_ID_PREFIXES: Readonly<Record<string, string>> = {
  AT: 'AT', BE: 'BE', BG: 'BG', HR: 'HR', CY: 'CY', CZ: 'CZ', DK: 'DK', EE: 'EE', FI: 'FI', FR: 'FR', DE: 'DE', EL: 'GR',
  HU: 'HU', IE: 'IE', IT: 'IT', LV: 'LV', LT: 'LT', LU: 'LU', MT: 'MT', NL: 'NL', PL: 'PL', PT: 'PT', RO: 'RO', SK: 'SK',
  SI: 'SI', ES: 'ES', SE: 'SE', XI: 'GB', CHE: 'CH', GB: 'GB', NO: 'NO',
}

export type VatIdCheck =
  | { wellFormed: true; prefix: string; country: string }
  | { wellFormed: false; prefix: string | null; reason: string }

/** The prefix of a VAT id as written: three letters for Switzerland (CHE), else two. */
const prefixOf = (vatId: string): string | null => /^(CHE|[A-Z]{2})/.exec(vatId)?.[1] ?? null

/**
 * Whether `vatId` (upper case, without spaces, dots or dashes) has the format of the country
 * its prefix names. Formats only: a check digit is not computed, and whether the number is
 * registered is for VIES to say.
 */
export function checkVatIdFormat(vatId: string): VatIdCheck {
  const prefix = prefixOf(vatId)
  const country = prefix === null ? undefined : VAT_ID_PREFIXES[prefix]
  if (prefix === null || country === undefined) {
    return { wellFormed: false, prefix, reason: `must start with the prefix of a country: ${Object.keys(VAT_ID_PREFIXES).join(', ')}` }
  }
  // Northern Ireland's numbers are the United Kingdom's under another prefix.
  const written = prefix === 'XI' ? `GB${vatId.slice(2)}` : vatId
  if (checkVAT(written, FORMATS).isValidFormat) return { wellFormed: true, prefix, country }
  return { wellFormed: false, prefix, reason: `does not have the format of a VAT id of ${prefix}` }
}

/** Whether `vatId` is a VAT id of a known format: only such a one makes a buyer a business for reverse charge. */
export const isWellFormedVatId = (vatId: string | null): boolean =>
  vatId !== null && checkVatIdFormat(vatId.replace(/[\s.-]+/g, '').toUpperCase()).wellFormed
