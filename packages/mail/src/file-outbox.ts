import type { MailTransport } from '@invoicing/core'
import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import { messageOf } from './compose'

/**
 * A `MailTransport` that delivers nothing: it writes every mail as a complete RFC 5322 message
 * (CRLF line ends) to `<dir>/<timestamp>-<message id>.eml`, for development, tests and a
 * pickup directory of another program. `dir` is created when missing.
 *
 * A file appears whole or not at all (written to a hidden temp file, synced, then renamed), so
 * `*.eml` never matches a half-written message. The file keeps the `Bcc` header, as the
 * outbox is the only record of who the mail was for; whatever relays these files must drop it.
 */
export function createFileOutbox(dir: string): MailTransport {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

  return {
    async send(mail) {
      const { messageId, message } = await composer.sendMail(messageOf(mail))
      await mkdir(dir, { recursive: true })
      const name = `${timestampOf(new Date())}-${fileSafe(messageId)}.eml`
      const temp = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`)
      try {
        const file = await open(temp, 'wx')
        try {
          await file.writeFile(message as Buffer)
          await file.sync()
        } finally {
          await file.close()
        }
        await rename(temp, join(dir, name))
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
      return { messageId }
    },
  }
}

/** `20261122T061435123Z`: sorts by time, no characters a file system objects to. */
function timestampOf(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '')
}

function fileSafe(messageId: string): string {
  return messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._@-]/g, '_').slice(0, 120)
}
