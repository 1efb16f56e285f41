import { hash } from 'node:crypto'
import { canonicalJson } from '../shared/canonical-json'

/**
 * What makes two requests "the same" for an `Idempotency-Key`: method, route and the whole
 * body, unused fields included (the order of object keys does not matter).
 */
export const requestFingerprint = (method: string, path: string, body: unknown): string =>
  hash('sha256', canonicalJson([method.toUpperCase(), path, body ?? null]))
