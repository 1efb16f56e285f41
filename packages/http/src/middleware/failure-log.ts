import { isInvoicingError } from '@invoicing/core'
import { MailDeliveryError } from '@invoicing/mail'

const MAIL_FAILURES = new Set(['email_delivery_failed', 'email_failed'])

/** The first error in `error`'s chain of causes that is a `type`. */
function causeOf<T>(error: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  for (let at = error, depth = 0; at instanceof Error && depth < 10; at = at.cause, depth += 1) {
    if (at instanceof type) return at
  }
  return undefined
}

/**
 * What the log keeps of a failed request. A mail that was not delivered is logged by the SMTP
 * reply code and the recipient's domain: its message and stack name the whole address, which
 * the log must not keep. Any other failure is logged whole.
 */
export function failureLogFields(error: unknown): Record<string, unknown> {
  if (!isInvoicingError(error) || !MAIL_FAILURES.has(error.code)) return { error }
  const delivery = causeOf(error, MailDeliveryError)
  if (!delivery) return { code: error.code, cause: (error.cause as { code?: string } | undefined)?.code ?? (error.cause as Error | undefined)?.name }
  return { code: error.code, smtpCode: delivery.smtpCode ?? null, smtpCommand: delivery.smtpCommand ?? null, recipientDomain: delivery.recipientDomain }
}
