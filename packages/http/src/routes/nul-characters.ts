import { InvoicingError } from '@invoicing/core'

const NUL = '\u0000'

/** Parsed JSON, query and route parameters; not bytes or other class instances (an uploaded file's content). */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value))

/**
 * Refuses U+0000 in any string of `value` (and in the names of its fields): PostgreSQL text and
 * jsonb cannot hold it, SQLite could, and both databases must answer a request alike. The
 * field is named as validation errors name it (`lines.0.description`). Bodies are walked after
 * their depth and width were checked, so the walk is bounded.
 */
export function assertNoNulCharacter(value: unknown, field: string): void {
  if (typeof value === 'string') {
    if (value.includes(NUL)) throw refused(field)
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => assertNoNulCharacter(item, join(field, String(index))))
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) throw refused(join(field, key.replaceAll(NUL, '\\u0000')))
      assertNoNulCharacter(item, join(field, key))
    }
  }
}

const join = (at: string, name: string) => (at ? `${at}.${name}` : name)

const refused = (field: string) =>
  new InvoicingError('validation_failed', `${field || 'body'}: must not contain the character U+0000`, { field: field || 'body' })
