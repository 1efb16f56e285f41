import type { MailReceipt, MailTransport, OutgoingMail } from '../ports/mail-transport'

/** A mail transport that keeps every message in memory, for tests and embedders that mail nothing. */
export interface MemoryMailbox extends MailTransport {
  /** Every message sent, oldest first. */
  readonly sent: readonly OutgoingMail[]
  /** Makes the next sends fail as an unreachable server would, until set back to null. */
  failWith(error: Error | null): void
}

export function createMemoryMailbox(): MemoryMailbox {
  const sent: OutgoingMail[] = []
  let failure: Error | null = null
  return {
    sent,
    failWith(error) {
      failure = error
    },
    async send(mail): Promise<MailReceipt> {
      if (failure) throw failure
      sent.push(structuredClone(mail))
      return { messageId: `<${sent.length}.${Date.now()}@memory.invalid>` }
    },
  }
}
