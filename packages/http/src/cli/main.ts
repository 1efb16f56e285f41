import { createRequire } from 'node:module'
import { readConfig } from './config'
import { CommandFailure, USAGE, UsageError } from './usage-error'

const print = (text: string) => process.stdout.write(`${text}\n`)

/**
 * Runs one command; each loads what it needs when it runs, so `--help` or `key list` starts
 * without the web server, the PDF fonts or the file stores. Resolves with the exit code, or -1
 * for a command that keeps running.
 */
async function main(argv: string[]): Promise<number> {
  const [command, action, ...rest] = argv
  if (!command) {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    print(USAGE)
    return 0
  }
  if (command === '--version' || command === '-v') {
    const { version } = createRequire(import.meta.url)('@invoicing/http/package.json') as { version: string }
    print(`invoicing ${version}`)
    return 0
  }
  const config = readConfig()
  switch (command) {
    case 'serve': {
      const { serve } = await import('./serve')
      await serve(config, print)
      return -1 // keeps running until a signal
    }
    case 'migrate': {
      const [{ openStorage, describeDatabase }, { createJsonLogger }] = await Promise.all([import('../databases'), import('../logger')])
      const storage = await openStorage(config.database, { logger: createJsonLogger(config.logLevel) })
      await storage.close()
      print(`The database ${describeDatabase(config.database)} is up to date.`)
      return 0
    }
    case 'backup': {
      if (!action || rest.length > 0) throw new UsageError('expected: invoicing backup <file>')
      const { database } = config
      if (database.kind !== 'sqlite') throw new CommandFailure('backup copies a SQLite file; back up PostgreSQL with pg_dump')
      const { backupSqliteDatabase } = await import('@invoicing/storage-sqlite')
      try {
        backupSqliteDatabase(database.file, action)
      } catch (error) {
        throw new CommandFailure(`no backup written: ${(error as Error).message}`)
      }
      print(`Backed up ${database.file} to ${action}.`)
      return 0
    }
    case 'db': {
      const { runDbCommand } = await import('./db-command')
      await runDbCommand(action, rest, print)
      return 0
    }
    case 'scheduler': {
      const { runScheduler } = await import('./scheduler-command')
      print(JSON.stringify(await runScheduler(action, rest, config), null, 2))
      return 0
    }
    case 'company':
    case 'key': {
      const { runAdminCommand } = await import('./admin-commands')
      print(JSON.stringify(await runAdminCommand(command, action, rest, config), null, 2))
      return 0
    }
    default:
      throw new UsageError(`unknown command: ${command}`)
  }
}

/** Says what went wrong, in the form the operator can act on, and gives the exit code. */
async function reportFailure(error: unknown): Promise<number> {
  if (error instanceof UsageError || (error as { code?: string } | undefined)?.code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`invoicing: ${(error as Error).message}\n\n${USAGE}\n`)
    return 2
  }
  // By name: the class lives with the databases, which a failure before opening one never loaded.
  if (error instanceof CommandFailure || (error as Error | undefined)?.name === 'DatabaseOpenFailure') {
    process.stderr.write(`invoicing: ${(error as Error).message}\n`)
    return 1
  }
  // The core is loaded only now; where it cannot be (the failure may be that very import), the error is shown as it is.
  const core = await import('@invoicing/core').catch(() => undefined)
  if (core?.isInvoicingError(error)) {
    process.stderr.write(`${JSON.stringify({ error: error.message, code: error.code, ...error.details })}\n`)
  } else {
    process.stderr.write(`invoicing: ${(error as Error)?.stack ?? String(error)}\n`)
  }
  return 1
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code
  },
  async (error: unknown) => {
    process.exitCode = await reportFailure(error)
  },
)
