import { hash } from 'node:crypto'

/** JSON with object keys sorted, so the same body always reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * What makes two requests "the same" for an `Idempotency-Key`: method, path and the whole
 * body, unused fields included (the order of object keys does not matter).
 */
export const requestFingerprint = (method: string, path: string, body: unknown): string =>
  hash('sha256', canonicalJson([method.toUpperCase(), path, body ?? null]))
