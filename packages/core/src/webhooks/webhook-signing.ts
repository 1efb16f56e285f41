import { createHmac, randomBytes } from 'node:crypto'

const SECRET_PREFIX = 'whsec_'

export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`

/**
 * The Standard Webhooks headers of one attempt: `webhook-signature` is `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body` keyed with the secret's base64 part decoded.
 */
export function signedHeaders(secret: string, messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
  const signature = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  }
}
