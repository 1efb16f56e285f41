import { createServer, type AddressInfo, type Socket } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  recipients: string[]
  raw: Buffer
}

export interface TestSmtpServer {
  port: number
  received: ReceivedMail[]
  /** The logins the server saw, as `user:pass`. */
  logins: string[]
  close(): Promise<void>
}

export interface TestSmtpServerOptions {
  /** Answered `550` at RCPT TO. */
  rejectRecipients?: readonly string[]
  /** Answered `554` once the message was transferred. */
  refuseData?: boolean
  /** TLS from the start (smtps), with smtp-server's built-in self-signed certificate. */
  secure?: boolean
}

/** A real SMTP server on 127.0.0.1 and a free port; plain (no STARTTLS) unless `secure`. */
export async function startSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const logins: string[] = []
  const server = new SMTPServer({
    secure: options.secure ?? false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`)
      callback(null, { user: auth.username })
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.includes(address.address)) {
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 }))
      } else {
        callback()
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (options.refuseData) {
          callback(Object.assign(new Error('5.7.1 message refused as spam'), { responseCode: 554 }))
          return
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        received.push({ from, recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks) })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    port, received, logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A port on which nothing listens: bound once, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Accepts connections and never says a word: an SMTP server that hangs. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    port,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    }),
  }
}
