import type { CalendarDate } from '../../shared/calendar-date'
import { encodeWindows1252, windows1252Text } from '../encoding/windows-1252'

/*
 * How values are written into DATEV fields: amounts with a decimal comma and no sign, dates as
 * DATEV reads them, text in quotes with quotes doubled, nothing DATEV's import stumbles over.
 */

/** `-1234.5` → `1234,50`: the absolute value with two places; the direction is field 2's. */
export function datevAmount(amount: string): string {
  const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.')
  return `${whole},${fraction.padEnd(2, '0').slice(0, 2)}`
}

export const isNegative = (amount: string): boolean => amount.startsWith('-')

/** `2026-03-16` → `1603` (Belegdatum: the year is the file's fiscal year). */
export const dayAndMonth = (date: CalendarDate): string => `${date.slice(8, 10)}${date.slice(5, 7)}`

/** `2026-03-16` → `16032026`. */
export const dayMonthYear = (date: CalendarDate): string => `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(0, 4)}`

/** `2026-03-16` → `20260316` (header dates). */
export const yearMonthDay = (date: CalendarDate): string => date.replaceAll('-', '')

/** A text field as written: quoted, inner quotes doubled. */
export const quoted = (value: string): string => `"${value.replaceAll('"', '""')}"`

/** What a text field may hold and whether anything had to change. */
export interface FieldText {
  text: string
  /** A character Windows-1252 lacks was replaced by `?`. */
  replaced: boolean
  /** The text was cut to the field's length. */
  truncated: boolean
}

/**
 * Text for a DATEV text field: line breaks, tabs and other control characters become a space
 * (DATEV reads a line per booking), characters Windows-1252 lacks become `?`, and the text is
 * cut to `maxLength` characters.
 */
export function fieldText(value: string, maxLength: number): FieldText {
  const characters = [...value.replace(/[\u0000-\u001f\u007f]/g, ' ')]
  const truncated = characters.length > maxLength
  const { text, replaced } = windows1252Text(characters.slice(0, maxLength).join(''))
  return { text, replaced, truncated }
}

/** Characters Belegfeld 1 takes (DATEV matches open items on it). */
export const DOCUMENT_FIELD_1 = /^[A-Za-z0-9$&%*+\-/_]{0,36}$/
export const DOCUMENT_FIELD_1_LENGTH = 36

/** A document number as Belegfeld 1: other characters become `-`, cut to 36; whether it changed. */
export function documentField1(number: string): { text: string; changed: boolean } {
  const text = number.replace(/[^A-Za-z0-9$&%*+\-/_]/g, '-').slice(0, DOCUMENT_FIELD_1_LENGTH)
  return { text, changed: text !== number }
}

/** Characters whose Windows-1252 byte is their Latin-1 byte (all but the 0x80–0x9F row). */
const LATIN_1_SHARED = /^[\u0000-\u007f\u00a0-\u00ff]*$/

/**
 * Text as Windows-1252 bytes. Almost every batch of bookings (umlauts included) holds only
 * characters both code pages write alike, which the runtime encodes natively as Latin-1; the
 * rest (€, typographic quotes, Š…) goes through the code-page encoder.
 */
export const encodeDatevText = (text: string): Uint8Array =>
  LATIN_1_SHARED.test(text) ? Buffer.from(text, 'latin1') : encodeWindows1252(text)
