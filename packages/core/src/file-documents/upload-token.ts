import { createHmac, timingSafeEqual } from 'node:crypto'

/** What an upload URL of the host carries: which pending document's bytes it takes, and until when. */
export interface UploadGrant {
  documentId: string
  companyId: string
  size: number
  sha256: string | null
  /** Seconds since the epoch. */
  expiresAt: number
}

const signatureOf = (payload: string, key: string) => createHmac('sha256', key).update(payload).digest('base64url')

/** `payload.signature`, both base64url: the grant in the clear, signed with the host's secret. */
export function signUploadToken(grant: UploadGrant, key: string): string {
  const payload = Buffer.from(JSON.stringify([grant.documentId, grant.companyId, grant.size, grant.sha256, grant.expiresAt])).toString('base64url')
  return `${payload}.${signatureOf(payload, key)}`
}

/** The grant of a token this host signed, or undefined for anything else (expiry is the caller's check). */
export function readUploadToken(token: string, key: string): UploadGrant | undefined {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length > 0 || token.length > 2000) return undefined
  const expected = Buffer.from(signatureOf(payload, key))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  try {
    const [documentId, companyId, size, sha256, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[]
    if (typeof documentId !== 'string' || typeof companyId !== 'string' || typeof size !== 'number' || typeof expiresAt !== 'number' ||
      !(sha256 === null || typeof sha256 === 'string')) return undefined
    return { documentId, companyId, size, sha256, expiresAt }
  } catch {
    return undefined
  }
}
