import type { Company, OtherExemptionKz, VatReturnBasis } from '../../companies'
import type { StorageReader } from '../../ports/storage'
import type { CalendarDate } from '../../shared/calendar-date'
import type { ExportContext, ExportWriting } from '../export-policy'
import { plainOf, type ReportValue } from './report-values'
import { contributionsOf } from './ustva-contributions'
import { USTVA_CONTENT_TYPES, ustvaCsvText, ustvaJsonText, type UstvaFormat } from './ustva-files'
import type { UstvaPeriod } from './ustva-period'
import { UstvaTally, ustvaReportOf } from './ustva-report'

export interface UstvaExportParameters {
  year: number
  period: UstvaPeriod
  periodStart: CalendarDate
  periodEnd: CalendarDate
  basis: VatReturnBasis
  /** Kz 66; null when not given (then Kz 83 is null too). */
  inputTax: number | null
  format: UstvaFormat
  includeDocuments: boolean
  /** The company's setting, as it was applied: the Kennzahl of `OTHER_EXEMPTION` sales. */
  otherExemptionKz: OtherExemptionKz
}

/** The service files a VAT advance return only for a German company that charges VAT. */
function checkCompany(company: Company, findings: ExportContext['findings']): void {
  if (company.country !== 'DE') {
    findings.problem('country_not_supported', `The UStVA is a German return; the company's country is ${company.country}`, { field: 'company.country' })
  }
  if (company.smallBusiness) {
    findings.problem('small_business', 'The company is a small business (§ 19 UStG) and files no VAT advance return', { field: 'company.smallBusiness' })
  }
}

/**
 * The UStVA figures of one period: reads the documents (and, on the cash basis, the payments)
 * as a stream, adds each contribution to its Kennzahl, and writes the report as JSON or CSV
 * once the sums are known (the file is a page of figures, so it is made in memory). Each
 * document that contributes is handed to `include` once.
 */
export async function* writeUstvaExport(
  reader: StorageReader, company: Company, parameters: UstvaExportParameters, { findings, include }: Pick<ExportContext, 'findings' | 'include'>,
): ExportWriting {
  const fileName = `UStVA_${parameters.year}_${parameters.period}.${parameters.format}`
  const contentType = USTVA_CONTENT_TYPES[parameters.format]
  checkCompany(company, findings)
  if (findings.hasProblems) return { fileName, contentType, encoding: 'UTF-8', summary: {} }

  const tally = new UstvaTally()
  for await (const contribution of contributionsOf(reader, company, parameters, findings)) {
    include(contribution.document.id)
    tally.add(contribution)
  }
  const report = ustvaReportOf(company, { ...parameters, inputTax: parameters.inputTax === null ? null : String(parameters.inputTax) }, tally, findings.warnings)
  yield new TextEncoder().encode(parameters.format === 'json' ? ustvaJsonText(report) : ustvaCsvText(report))
  // The summary is the report without the per-document list, which the file holds.
  return { fileName, contentType, encoding: 'UTF-8', summary: plainOf({ ...report, documents: undefined } as unknown as ReportValue) as Record<string, unknown> }
}
