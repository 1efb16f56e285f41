import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { createFileOutbox } from './file-outbox'
import { addressesOf, invoiceMail, parseMail, pdfBytes } from './test-support/mails'

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'invoicing-outbox-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe('file outbox', () => {
  it('writes the whole message as one .eml in a folder it creates, and nothing else', async (t) => {
    const dir = join(tempDir(t), 'outbox', 'mail')

    const receipt = await createFileOutbox(dir).send(invoiceMail())

    const files = readdirSync(dir)
    assert.equal(files.length, 1, `no temp file left: ${files.join(', ')}`)
    const [file] = files
    assert.match(file!, /^\d{8}T\d{9}Z-.+@muster\.example\.eml$/)
    assert.ok(file!.includes(receipt.messageId.slice(1, -1)))

    const raw = readFileSync(join(dir, file!))
    assert.match(raw.toString('latin1'), /^[^\n]*\r\n/, 'CRLF line ends')
    const parsed = await parseMail(raw)
    assert.equal(parsed.messageId, receipt.messageId)
    assert.deepEqual(addressesOf(parsed.from), ['rechnung@muster.example'])
    assert.deepEqual(addressesOf(parsed.to), ['kunde@kunde.example'])
    assert.deepEqual(addressesOf(parsed.cc), ['einkauf@kunde.example'])
    // Documented: the outbox keeps Bcc, it is the only record of who the mail was for.
    assert.deepEqual(addressesOf(parsed.bcc), ['archiv@muster.example'])
    assert.deepEqual(addressesOf(parsed.replyTo), ['buchhaltung@muster.example'])
    assert.equal(parsed.subject, 'Rechnung RE-2026-00001 – Müller & Söhne')
    assert.equal(parsed.text?.trimEnd(), invoiceMail().text)
    assert.equal(parsed.attachments.length, 1)
    assert.equal(parsed.attachments[0]?.filename, 'RE-2026-00001.pdf')
    assert.equal(parsed.attachments[0]?.contentType, 'application/pdf')
    assert.ok(parsed.attachments[0]?.content.equals(pdfBytes))
  })

  it('gives every mail its own file', async (t) => {
    const dir = tempDir(t)
    const outbox = createFileOutbox(dir)

    const receipts = await Promise.all([outbox.send(invoiceMail()), outbox.send(invoiceMail({ to: 'zweiter@kunde.example' }))])

    assert.notEqual(receipts[0].messageId, receipts[1].messageId)
    assert.equal(readdirSync(dir).filter((name) => name.endsWith('.eml')).length, 2)
    assert.equal(readdirSync(dir).length, 2)
  })
})
