import type { CalendarDate } from '../shared/calendar-date'

/**
 * Number formats such as `RE-{YYYY}-{SEQ:5}`: `{YYYY}`, `{YY}`, `{MM}` come from the document
 * date, `{SEQ}` is the sequence value, `{SEQ:n}` the same zero-padded to n digits.
 */
const TOKEN = /\{(YYYY|YY|MM|SEQ(?::(\d{1,2}))?)\}/g

/** Why `format` is unusable, or undefined when it is fine. */
export function formatProblem(format: string, resetYearly: boolean): string | undefined {
  if (format.length === 0 || format.length > 60) return 'must be 1 to 60 characters'
  const tokens = [...format.matchAll(TOKEN)].map((match) => match[1]!)
  const unknown = format.replace(TOKEN, '').match(/\{[^}]*\}/)
  if (unknown) return `has an unknown placeholder ${unknown[0]}; use {YYYY}, {YY}, {MM}, {SEQ} or {SEQ:n}`
  const sequences = tokens.filter((token) => token.startsWith('SEQ')).length
  if (sequences !== 1) return 'must contain {SEQ} or {SEQ:n} exactly once'
  if (resetYearly && !tokens.some((token) => token === 'YYYY' || token === 'YY')) {
    return 'must contain {YYYY} or {YY} when the range resets yearly, or numbers would repeat'
  }
  return undefined
}

/** The number for sequence value `sequence` of a document dated `date`. */
export function formatNumber(format: string, sequence: number, date: CalendarDate): string {
  return format.replace(TOKEN, (_match, token: string, width?: string) => {
    if (token === 'YYYY') return date.slice(0, 4)
    if (token === 'YY') return date.slice(2, 4)
    if (token === 'MM') return date.slice(5, 7)
    return width ? String(sequence).padStart(Number(width), '0') : String(sequence)
  })
}
