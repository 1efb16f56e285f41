import type { OutgoingMail } from '@invoicing/core'
import { randomBytes } from 'node:crypto'
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser'

/** Random bytes: any re-encoding of the attachment shows up as a difference. */
export const pdfBytes = new Uint8Array(randomBytes(40_000))

export function invoiceMail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    from: 'rechnung@muster.example',
    replyTo: 'buchhaltung@muster.example',
    to: 'kunde@kunde.example',
    cc: ['einkauf@kunde.example'],
    bcc: ['archiv@muster.example'],
    subject: 'Rechnung RE-2026-00001 – Müller & Söhne',
    text: 'Sehr geehrte Damen und Herren,\n\nanbei Ihre Rechnung.\n\nMit freundlichen Grüßen',
    attachments: [{ fileName: 'RE-2026-00001.pdf', content: pdfBytes, contentType: 'application/pdf' }],
    ...overrides,
  }
}

export const parseMail = (raw: Buffer): Promise<ParsedMail> => simpleParser(raw)

/** The bare addresses of a parsed address header. */
export function addressesOf(header: AddressObject | AddressObject[] | undefined): string[] {
  return [header ?? []].flat().flatMap((object) => object.value.map((entry) => entry.address ?? ''))
}
