import { InvoicingError } from '../errors'
import { MAX_JSON_DEPTH } from './json-limits'

/**
 * JSON with object keys sorted, so two values that say the same thing read the same, whatever
 * the order of their fields. `undefined` members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_JSON_DEPTH) throw new InvoicingError('body_too_complex', `JSON nested deeper than ${MAX_JSON_DEPTH} levels is not accepted`)
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item, depth + 1)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
