/** SEPA direct-debit files (pain.008.001.08 and .02) of chosen invoices. */
export { recordMandateUses, restoreMandateUses, type MandateUse } from './mandate-uses'
export {
  DEFAULT_REMITTANCE_INFORMATION, MAX_SEPA_INVOICES, REMITTANCE_PLACEHOLDERS, type SepaExportParameters,
} from './sepa-export-parameters'
export { SEPA_CONTENT_TYPE, writeSepaExport } from './write-sepa-export'
export { easterSunday, isTarget2BusinessDay, target2BusinessDaysBetween } from './target2-calendar'
