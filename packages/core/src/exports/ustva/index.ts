/** The UStVA Kennzahlen report: the figures of a German VAT advance return, as JSON or CSV. */
export { KENNZAHLEN, NOT_COVERED_KENNZAHLEN, EXCLUDED_TAX_CASES, type Kennzahl } from './kennzahlen'
export { USTVA_CONTENT_TYPES, USTVA_CSV_HEADER, USTVA_FORMATS, type UstvaFormat } from './ustva-files'
export { ISSUED_AFTER_PERIOD_MONTHS, ISSUED_BEFORE_PERIOD_MONTHS, periodRangeOf, USTVA_PERIODS, type UstvaPeriod } from './ustva-period'
export { writeUstvaExport, type UstvaExportParameters } from './write-ustva-export'
