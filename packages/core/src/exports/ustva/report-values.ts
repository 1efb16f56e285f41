/**
 * An amount of the report: exact text with two decimals. The JSON file writes it as a JSON
 * number with both decimals (`1900.10`), which `JSON.stringify` cannot do for a number.
 */
export class Money {
  constructor(readonly text: string) {}
}

/** A report value: what the JSON file and the summary are made of. */
export type ReportValue = null | boolean | number | string | Money | readonly ReportValue[] | { readonly [key: string]: ReportValue | undefined }

/** The value with every amount as a plain number, as the export's summary keeps it. */
export function plainOf(value: ReportValue): unknown {
  if (value instanceof Money) return Number(value.text)
  if (Array.isArray(value)) return value.map(plainOf)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined).map(([key, each]) => [key, plainOf(each as ReportValue)]))
  }
  return value
}

/**
 * JSON text of a report value, indented by two spaces, amounts with their two decimals. Keys in
 * the order they were set, so the same report gives the same bytes.
 */
export function jsonTextOf(value: ReportValue, indent = ''): string {
  if (value instanceof Money) return value.text
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    // A list of plain values (the Kennzahlen not covered) fits on one line.
    if (value.every((each) => each === null || typeof each !== 'object')) return `[${value.map((each) => JSON.stringify(each)).join(', ')}]`
    return `[\n${value.map((each) => inner + jsonTextOf(each, inner)).join(',\n')}\n${indent}]`
  }
  const entries = Object.entries(value).filter(([, each]) => each !== undefined)
  if (entries.length === 0) return '{}'
  return `{\n${entries.map(([key, each]) => `${inner}${JSON.stringify(key)}: ${jsonTextOf(each as ReportValue, inner)}`).join(',\n')}\n${indent}}`
}
