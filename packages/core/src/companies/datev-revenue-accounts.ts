import type { TaxCase } from '../shared/tax-cases'

export const CHARTS_OF_ACCOUNTS = ['SKR03', 'SKR04'] as const
export type ChartOfAccounts = (typeof CHARTS_OF_ACCOUNTS)[number]

/**
 * DATEV's default revenue accounts (Gegenkonto) per tax case and chart of accounts. They are
 * automatic accounts: DATEV computes the tax itself, so a booking on them carries no BU key.
 * `DOMESTIC_ZERO`, `DOMESTIC_OTHER` and `INTERNAL_SUPPLY` have none: a company that books them
 * must configure one. The OSS accounts are unverified against DATEV's current charts.
 */
export const DATEV_REVENUE_ACCOUNTS: Readonly<Record<ChartOfAccounts, Readonly<Partial<Record<TaxCase, string>>>>> = {
  SKR03: {
    DOMESTIC_STANDARD: '8400', // Erlöse 19 % USt
    DOMESTIC_REDUCED: '8300', // Erlöse 7 % USt
    INTRA_COMMUNITY: '8125', // steuerfreie innergemeinschaftliche Lieferungen § 4 Nr. 1b UStG
    REVERSE_CHARGE_EU: '8336', // im anderen EU-Land steuerpflichtige sonstige Leistungen (Empfänger schuldet die USt)
    REVERSE_CHARGE_13B: '8337', // Leistungen, für die der Empfänger die Steuer nach § 13b UStG schuldet
    EXPORT_DELIVERY: '8120', // steuerfreie Umsätze § 4 Nr. 1a UStG (Ausfuhr)
    THIRD_COUNTRY: '8338', // im Drittland steuerbare Leistungen (im Inland nicht steuerbar)
    SMALL_BUSINESS: '8195', // Erlöse als Kleinunternehmer § 19 UStG
    OTHER_EXEMPTION: '8100', // steuerfreie Umsätze § 4 Nr. 8 ff. UStG
    OSS: '8320', // im anderen EU-Land steuerpflichtige Lieferungen
  },
  SKR04: {
    DOMESTIC_STANDARD: '4400',
    DOMESTIC_REDUCED: '4300',
    INTRA_COMMUNITY: '4125',
    REVERSE_CHARGE_EU: '4336',
    REVERSE_CHARGE_13B: '4337',
    EXPORT_DELIVERY: '4120',
    THIRD_COUNTRY: '4338',
    SMALL_BUSINESS: '4185',
    OTHER_EXEMPTION: '4100',
    OSS: '4320',
  },
}

/** The bank account (Sachkonto) payment bookings go to, per chart. */
export const DATEV_BANK_ACCOUNTS: Readonly<Record<ChartOfAccounts, string>> = { SKR03: '1200', SKR04: '1800' }
