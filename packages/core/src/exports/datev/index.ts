export {
  DATEV_CSV_CONTENT_TYPE, DATEV_ZIP_CONTENT_TYPE, datevSettingsOf, writeDatevExport,
  type DatevExportParameters, type DatevFileSummary, type DatevOverrides,
} from './write-datev-export'
export { DATEV_COLUMNS, MAX_DATEV_BOOKINGS_PER_FILE } from './datev-columns'
export { checkDatevFile, type DatevCheckOptions, type DatevFinding, type DatevFindingCode } from './datev-format-checker'
