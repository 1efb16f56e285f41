/** Number ranges: formats and gapless numbers. Other features import from here, not from the files inside. */
export { formatNumber, formatProblem } from './number-format'
export { DEFAULT_NUMBER_RANGES, NUMBER_RANGE_TYPES, type NumberRanges, type NumberRangeType, sequenceKeyOf, takeNumber } from './number-ranges'
