import type Decimal from 'decimal.js'
import type { Company, VatReturnBasis } from '../../companies'
import type { CalendarDate } from '../../shared/calendar-date'
import { Exact, formatMoney, round2 } from '../../tax'
import type { ExportFinding } from '../export-findings'
import {
  EXCLUDED_TAX_CASES, KENNZAHLEN, NOT_COVERED_KENNZAHLEN, OTHER_RATES_KENNZAHL, statutoryRateOf,
  type Destination, type ExcludedTaxCase, type Kennzahl,
} from './kennzahlen'
import { Money } from './report-values'
import type { Contribution } from './ustva-contributions'
import type { UstvaPeriod } from './ustva-period'

/** Two decimals, never `-0.00`. */
const moneyOf = (value: Decimal): Money => new Money(value.isZero() ? '0.00' : formatMoney(value))

interface Sum {
  base: Decimal
  tax: Decimal
  documentIds: Set<string>
}

interface DocumentSum {
  id: string
  number: string
  issueDate: CalendarDate
  destination: Destination
  base: Decimal
  tax: Decimal
}

/** The order of the report: the Kennzahlen as the form lists them, then the excluded cases. */
const DESTINATION_ORDER = [...KENNZAHLEN.map(({ kz }) => kz), ...EXCLUDED_TAX_CASES] as readonly string[]
const orderOf = (destination: Destination): number => DESTINATION_ORDER.indexOf(destination.kz ?? destination.excluded)

/** The sums of the period, per Kennzahl, per excluded case and per document, as contributions arrive. */
export class UstvaTally {
  private readonly sums = new Map<string, Sum>()
  private readonly documents = new Map<string, DocumentSum>()

  add({ document, destination, base, tax }: Contribution): void {
    const key = destination.kz ?? destination.excluded
    const sum = this.sums.get(key) ?? { base: new Exact(0), tax: new Exact(0), documentIds: new Set<string>() }
    sum.base = sum.base.plus(base)
    sum.tax = sum.tax.plus(tax)
    sum.documentIds.add(document.id)
    this.sums.set(key, sum)
    // One entry per document and destination: several payments or groups of a document add up.
    // It keeps the document's id, number and date only, never the document.
    const documentKey = `${document.id}\u0000${key}`
    const { id, number, issueDate } = document
    const entry = this.documents.get(documentKey) ?? { id, number, issueDate, destination, base: new Exact(0), tax: new Exact(0) }
    entry.base = entry.base.plus(base)
    entry.tax = entry.tax.plus(tax)
    this.documents.set(documentKey, entry)
  }

  sumOf(key: Kennzahl | ExcludedTaxCase): Sum | undefined {
    return this.sums.get(key)
  }

  /** Each document's contributions by issue date, number, then Kennzahl. */
  documentSums(): DocumentSum[] {
    return [...this.documents.values()].sort((a, b) =>
      compare(a.issueDate, b.issueDate) || compare(a.number, b.number) || compare(a.id, b.id) || orderOf(a.destination) - orderOf(b.destination))
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

export interface UstvaReportRequest {
  year: number
  period: UstvaPeriod
  periodStart: CalendarDate
  periodEnd: CalendarDate
  basis: VatReturnBasis
  /** Decimal text, or null when not given. */
  inputTax: string | null
  includeDocuments: boolean
}

export interface KennzahlFigures {
  kz: Kennzahl
  label: string
  base: Money
  /** The base truncated toward zero to whole euros, as the form asks for it ("volle EUR"). */
  baseWholeEuros: number
  /** The exact sum of the documents' tax (Kz 35: the figure of Kz 36). */
  tax: Money
  /** Kz 81, 86, 87: the whole-euro base times the rate, as ELSTER computes the tax; else null. */
  taxAtStatutoryRate: Money | null
  documentCount: number
}

/**
 * The figures of the period in the shape of the report (JSON file and summary): every
 * Kennzahl with a contribution, Kz 66 and Kz 83, the excluded sales, the Kennzahlen not
 * produced, and each document's contribution when asked for.
 */
export function ustvaReportOf(company: Pick<Company, 'taxNumber' | 'vatId'>, request: UstvaReportRequest, tally: UstvaTally, warnings: readonly ExportFinding[]) {
  const kennzahlen: KennzahlFigures[] = KENNZAHLEN.flatMap(({ kz, label }) => {
    const sum = tally.sumOf(kz)
    if (!sum) return []
    const wholeEuros = sum.base.trunc()
    const rate = statutoryRateOf(kz)
    return [{
      kz, label,
      base: moneyOf(sum.base),
      baseWholeEuros: wholeEuros.isZero() ? 0 : wholeEuros.toNumber(),
      tax: moneyOf(sum.tax),
      taxAtStatutoryRate: rate === null ? null : moneyOf(round2(wholeEuros.times(rate).dividedBy(100))),
      documentCount: sum.documentIds.size,
    }]
  })
  return {
    year: request.year,
    period: request.period,
    periodStart: request.periodStart,
    periodEnd: request.periodEnd,
    basis: request.basis,
    taxNumber: company.taxNumber,
    vatId: company.vatId,
    kennzahlen,
    inputTax: request.inputTax === null ? null : moneyOf(new Exact(request.inputTax)),
    kz83: request.inputTax === null ? null : moneyOf(balanceOf(kennzahlen, new Exact(request.inputTax))),
    excluded: EXCLUDED_TAX_CASES.flatMap((taxCase) => {
      const sum = tally.sumOf(taxCase)
      return sum ? [{ taxCase, base: moneyOf(sum.base), tax: moneyOf(sum.tax), documentCount: sum.documentIds.size }] : []
    }),
    notCovered: [...NOT_COVERED_KENNZAHLEN],
    documents: request.includeDocuments
      ? tally.documentSums().map(({ id, number, destination, base, tax }) => ({
        id, number, kz: destination.kz ?? null, ...(destination.excluded ? { excluded: destination.excluded } : {}), base: moneyOf(base), tax: moneyOf(tax),
      }))
      : undefined,
    warnings: warnings.map((warning) => ({ ...warning })),
  }
}

export type UstvaReport = ReturnType<typeof ustvaReportOf>

/**
 * Kz 83: the output tax as the form computes it (the tax at the statutory rate of Kz 81, 86
 * and 87 from their whole euros, plus the tax entered in Kz 36) less the input tax of Kz 66.
 */
function balanceOf(kennzahlen: readonly KennzahlFigures[], inputTax: Decimal): Decimal {
  const outputTax = kennzahlen.reduce((total, figures) => {
    if (figures.taxAtStatutoryRate !== null) return total.plus(figures.taxAtStatutoryRate.text)
    return figures.kz === OTHER_RATES_KENNZAHL ? total.plus(figures.tax.text) : total
  }, new Exact(0))
  return outputTax.minus(inputTax)
}

