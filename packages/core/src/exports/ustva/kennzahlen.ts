import type { OtherExemptionKz } from '../../companies'
import { Exact, type TaxCase } from '../../tax'

/**
 * The Kennzahlen of the UStVA form the report fills, in the order it lists them, with the
 * wording of the form (Anleitung zur Umsatzsteuer-Voranmeldung). `statutoryRate`: the rate the
 * form applies to the base itself (ELSTER computes the tax of Kz 81, 86 and 87 from the whole
 * euros); null where the tax is entered (Kz 36) or there is none.
 */
export const KENNZAHLEN = [
  { kz: '81', label: 'Steuerpflichtige Umsätze 19 %', statutoryRate: '19' },
  { kz: '86', label: 'Steuerpflichtige Umsätze 7 %', statutoryRate: '7' },
  { kz: '87', label: 'Steuerpflichtige Umsätze 0 % (§ 12 Abs. 3 UStG)', statutoryRate: '0' },
  { kz: '35', label: 'Steuerpflichtige Umsätze zu anderen Steuersätzen (Steuer: Kz 36)', statutoryRate: null },
  { kz: '41', label: 'Innergemeinschaftliche Lieferungen an Abnehmer mit USt-IdNr.', statutoryRate: null },
  { kz: '43', label: 'Weitere steuerfreie Umsätze mit Vorsteuerabzug (z. B. Ausfuhrlieferungen)', statutoryRate: null },
  { kz: '48', label: 'Steuerfreie Umsätze ohne Vorsteuerabzug (§ 4 Nr. 8 bis 29 UStG)', statutoryRate: null },
  { kz: '21', label: 'Nicht steuerbare sonstige Leistungen gem. § 18b Satz 1 Nr. 2 UStG', statutoryRate: null },
  { kz: '45', label: 'Übrige nicht steuerbare Umsätze (Leistungsort nicht im Inland)', statutoryRate: null },
  { kz: '60', label: 'Steuerpflichtige Umsätze, für die der Leistungsempfänger die Steuer nach § 13b Abs. 5 UStG schuldet', statutoryRate: null },
] as const
export type Kennzahl = (typeof KENNZAHLEN)[number]['kz']

export const INPUT_TAX_KENNZAHL = { kz: '66', label: 'Vorsteuerbeträge aus Rechnungen von anderen Unternehmern' } as const
export const BALANCE_KENNZAHL = { kz: '83', label: 'Verbleibende Umsatzsteuer-Vorauszahlung / verbleibender Überschuss' } as const

/** The Kennzahl whose base the tax of Kz 36 belongs to. */
export const OTHER_RATES_KENNZAHL: Kennzahl = '35'

/**
 * Kennzahlen of the form the service has no data for (new vehicles, triangulation, agriculture,
 * acquisitions, § 13b services received, corrections, and the input tax other than Kz 66):
 * the report lists them so nobody reads their absence as zero.
 */
export const NOT_COVERED_KENNZAHLEN = [
  '44', '49', '42', '77', '76', '80', '89', '93', '95', '98', '46', '47', '52', '53', '73', '74', '78', '79', '84', '85', '37', '50', '65',
  '69', '39', '61', '62', '67', '63', '64', '59',
] as const

/** Sales that are not declared in the UStVA; the report states their sums apart. */
export const EXCLUDED_TAX_CASES = ['OSS', 'INTERNAL_SUPPLY', 'SMALL_BUSINESS'] as const satisfies readonly TaxCase[]
export type ExcludedTaxCase = (typeof EXCLUDED_TAX_CASES)[number]

/** Where a tax group's amounts go: a Kennzahl, or the excluded sums of its case. */
export type Destination = { kz: Kennzahl; excluded?: undefined } | { kz?: undefined; excluded: ExcludedTaxCase }

/** The Kennzahl of each declared case; domestic cases by their rate (below), `OTHER_EXEMPTION` by the company's setting. */
const KZ_BY_TAX_CASE = {
  DOMESTIC_STANDARD: '81',
  DOMESTIC_REDUCED: '86',
  DOMESTIC_ZERO: '87',
  DOMESTIC_OTHER: '35',
  INTRA_COMMUNITY: '41',
  EXPORT_DELIVERY: '43',
  REVERSE_CHARGE_EU: '21',
  THIRD_COUNTRY: '45',
  REVERSE_CHARGE_13B: '60',
} as const satisfies Record<Exclude<TaxCase, ExcludedTaxCase | 'OTHER_EXEMPTION'>, Kennzahl>

const STATUTORY_RATES = new Map(KENNZAHLEN.map(({ kz, statutoryRate }) => [kz as Kennzahl, statutoryRate]))

export const statutoryRateOf = (kz: Kennzahl): string | null => STATUTORY_RATES.get(kz) ?? null

/**
 * The destination of a tax group. A domestic group whose rate is not the rate its Kennzahl
 * stands for (16 % and 5 %, Germany's rates of the second half of 2020) goes to Kz 35/36, the
 * Kennzahl of other rates, so that the form's tax of Kz 81/86/87 stays right.
 */
export function destinationOf(taxCase: TaxCase, taxRate: string, otherExemptionKz: OtherExemptionKz): Destination {
  if ((EXCLUDED_TAX_CASES as readonly TaxCase[]).includes(taxCase)) return { excluded: taxCase as ExcludedTaxCase }
  if (taxCase === 'OTHER_EXEMPTION') return { kz: otherExemptionKz }
  const kz: Kennzahl = KZ_BY_TAX_CASE[taxCase as keyof typeof KZ_BY_TAX_CASE]
  const statutoryRate = statutoryRateOf(kz)
  return statutoryRate !== null && !new Exact(taxRate).eq(statutoryRate) ? { kz: OTHER_RATES_KENNZAHL } : { kz }
}
