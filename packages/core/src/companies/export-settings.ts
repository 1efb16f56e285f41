import type { TaxCase } from '../shared/tax-cases'
import { DATEV_BANK_ACCOUNTS, DATEV_REVENUE_ACCOUNTS, type ChartOfAccounts } from './datev-revenue-accounts'

export const BMD_DOCUMENT_NUMBER_MODES = ['DIGITS_ONLY', 'AS_IS'] as const
export type BmdDocumentNumberMode = (typeof BMD_DOCUMENT_NUMBER_MODES)[number]
export const VAT_RETURN_BASES = ['ACCRUAL', 'CASH'] as const
export type VatReturnBasis = (typeof VAT_RETURN_BASES)[number]
/** The UStVA Kennzahl for `OTHER_EXEMPTION` sales: 48 without input tax deduction, 43 with. */
export const OTHER_EXEMPTION_KENNZAHLEN = ['48', '43'] as const
export type OtherExemptionKz = (typeof OTHER_EXEMPTION_KENNZAHLEN)[number]
export const PAIN_VERSIONS = ['pain.008.001.08', 'pain.008.001.02'] as const
export type PainVersion = (typeof PAIN_VERSIONS)[number]

/** Account numbers (digit strings) per tax case. */
export type TaxCaseAccounts = Partial<Record<TaxCase, string>>
/** A tax case, or `DEFAULT` for every case without its own entry. */
export type TaxCaseOrDefault = TaxCase | 'DEFAULT'

/*
 * The company keeps only the export settings it set; every one left out takes its default when
 * read (`effective…`), so a default that depends on another setting (the revenue accounts on
 * the chart of accounts) follows that setting.
 */

export interface DatevSettings {
  consultantNumber?: number
  clientNumber?: number
  chartOfAccounts?: ChartOfAccounts
  accountLength?: number
  fiscalYearStartMonth?: number
  lockBookings?: boolean
  defaultDebtorAccount?: string
  revenueAccounts?: TaxCaseAccounts
  buKeys?: TaxCaseAccounts
  bankAccount?: string
}

export interface BmdSettings {
  defaultDebtorAccount?: string
  revenueAccounts?: Partial<Record<TaxCaseOrDefault, string>>
  taxCodes?: TaxCaseAccounts
  postingSymbols?: { INVOICE?: string; CREDIT_NOTE?: string }
  documentNumberMode?: BmdDocumentNumberMode
}

export interface VatReturnSettings {
  basis?: VatReturnBasis
  otherExemptionKz?: OtherExemptionKz
}

export interface SepaSettings {
  painVersion?: PainVersion
  batchBooking?: boolean
  useFirstSequenceType?: boolean
  transliterate?: boolean
}

/** The settings of the accounting and bank exports, as the company set them. */
export interface ExportSettings {
  datev: DatevSettings
  bmd: BmdSettings
  vatReturn: VatReturnSettings
  sepa: SepaSettings
}

/** A company that set no export settings: every one has its default. */
export const noExportSettings = (): ExportSettings => ({ datev: {}, bmd: {}, vatReturn: {}, sepa: {} })

export interface EffectiveDatevSettings {
  /** Null until set: the DATEV export refuses without it. */
  consultantNumber: number | null
  clientNumber: number | null
  chartOfAccounts: ChartOfAccounts
  accountLength: number
  fiscalYearStartMonth: number
  lockBookings: boolean
  defaultDebtorAccount: string
  revenueAccounts: TaxCaseAccounts
  buKeys: TaxCaseAccounts
  bankAccount: string
}

export interface EffectiveBmdSettings {
  /** Null until set: the BMD export refuses without it. */
  defaultDebtorAccount: string | null
  revenueAccounts: Partial<Record<TaxCaseOrDefault, string>>
  taxCodes: TaxCaseAccounts
  postingSymbols: { INVOICE: string; CREDIT_NOTE: string }
  documentNumberMode: BmdDocumentNumberMode
}

export type EffectiveVatReturnSettings = Required<VatReturnSettings>
export type EffectiveSepaSettings = Required<SepaSettings>

export interface EffectiveExportSettings {
  datev: EffectiveDatevSettings
  bmd: EffectiveBmdSettings
  vatReturn: EffectiveVatReturnSettings
  sepa: EffectiveSepaSettings
}

export const DEFAULT_ACCOUNT_LENGTH = 4

/**
 * The first personal (debtor) account: DATEV's personal accounts have one digit more than its
 * general accounts, and debtors start at 1 followed by zeros (10000 for length 4).
 */
export const firstDebtorAccount = (accountLength: number): string => `1${'0'.repeat(accountLength)}`

export function effectiveDatevSettings(set: DatevSettings): EffectiveDatevSettings {
  const chartOfAccounts = set.chartOfAccounts ?? 'SKR03'
  const accountLength = set.accountLength ?? DEFAULT_ACCOUNT_LENGTH
  return {
    consultantNumber: set.consultantNumber ?? null,
    clientNumber: set.clientNumber ?? null,
    chartOfAccounts,
    accountLength,
    fiscalYearStartMonth: set.fiscalYearStartMonth ?? 1,
    lockBookings: set.lockBookings ?? false,
    defaultDebtorAccount: set.defaultDebtorAccount ?? firstDebtorAccount(accountLength),
    revenueAccounts: { ...DATEV_REVENUE_ACCOUNTS[chartOfAccounts], ...set.revenueAccounts },
    buKeys: { ...set.buKeys },
    bankAccount: set.bankAccount ?? DATEV_BANK_ACCOUNTS[chartOfAccounts],
  }
}

export const DEFAULT_BMD_REVENUE_ACCOUNTS: Readonly<Partial<Record<TaxCaseOrDefault, string>>> = { DEFAULT: '4000' }
/** BMD Steuercode 1 (taxable sale) for the domestic cases; the codes of every other case differ per BMD setup. */
export const DEFAULT_BMD_TAX_CODES: Readonly<TaxCaseAccounts> = { DOMESTIC_STANDARD: '1', DOMESTIC_REDUCED: '1' }
/** AR: Ausgangsrechnungen. */
export const DEFAULT_BMD_POSTING_SYMBOL = 'AR'

export function effectiveBmdSettings(set: BmdSettings): EffectiveBmdSettings {
  return {
    defaultDebtorAccount: set.defaultDebtorAccount ?? null,
    revenueAccounts: { ...DEFAULT_BMD_REVENUE_ACCOUNTS, ...set.revenueAccounts },
    taxCodes: { ...DEFAULT_BMD_TAX_CODES, ...set.taxCodes },
    postingSymbols: {
      INVOICE: set.postingSymbols?.INVOICE ?? DEFAULT_BMD_POSTING_SYMBOL,
      CREDIT_NOTE: set.postingSymbols?.CREDIT_NOTE ?? DEFAULT_BMD_POSTING_SYMBOL,
    },
    documentNumberMode: set.documentNumberMode ?? 'DIGITS_ONLY',
  }
}

export const effectiveVatReturnSettings = (set: VatReturnSettings): EffectiveVatReturnSettings => ({
  basis: set.basis ?? 'ACCRUAL',
  otherExemptionKz: set.otherExemptionKz ?? '48',
})

export const effectiveSepaSettings = (set: SepaSettings): EffectiveSepaSettings => ({
  painVersion: set.painVersion ?? 'pain.008.001.08',
  batchBooking: set.batchBooking ?? true,
  useFirstSequenceType: set.useFirstSequenceType ?? false,
  transliterate: set.transliterate ?? true,
})

/** Every export setting of a company, with the defaults of what it did not set. */
export const effectiveExportSettings = (set: ExportSettings): EffectiveExportSettings => ({
  datev: effectiveDatevSettings(set.datev),
  bmd: effectiveBmdSettings(set.bmd),
  vatReturn: effectiveVatReturnSettings(set.vatReturn),
  sepa: effectiveSepaSettings(set.sepa),
})
