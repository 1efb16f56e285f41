import { createRequire } from 'node:module'
import { isInvoicingError } from '@invoicing/core'
import { backupSqliteDatabase } from '@invoicing/storage-sqlite'
import { DatabaseOpenFailure, describeDatabase, openStorage } from '../databases'
import { createJsonLogger } from '../logger'
import { runAdminCommand } from './admin-commands'
import { runDbCommand } from './db-command'
import { readConfig } from './config'
import { runScheduler } from './scheduler-command'
import { serve } from './serve'
import { CommandFailure, USAGE, UsageError } from './usage-error'

const print = (text: string) => process.stdout.write(`${text}\n`)

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
    case 'serve':
      await serve(config, print)
      return -1 // keeps running until a signal
    case 'migrate': {
      const storage = await openStorage(config.database, { logger: createJsonLogger(config.logLevel) })
      await storage.close()
      print(`The database ${describeDatabase(config.database)} is up to date.`)
      return 0
    }
    case 'backup': {
      if (!action || rest.length > 0) throw new UsageError('expected: invoicing backup <file>')
      const { database } = config
      if (database.kind !== 'sqlite') throw new CommandFailure('backup copies a SQLite file; back up PostgreSQL with pg_dump')
      try {
        backupSqliteDatabase(database.file, action)
      } catch (error) {
        throw new CommandFailure(`no backup written: ${(error as Error).message}`)
      }
      print(`Backed up ${database.file} to ${action}.`)
      return 0
    }
    case 'db':
      await runDbCommand(action, rest, print)
      return 0
    case 'scheduler':
      print(JSON.stringify(await runScheduler(action, rest, config), null, 2))
      return 0
    case 'company':
    case 'key':
      print(JSON.stringify(await runAdminCommand(command, action, rest, config), null, 2))
      return 0
    default:
      throw new UsageError(`unknown command: ${command}`)
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`invoicing: ${(error as Error).message}\n\n${USAGE}\n`)
      process.exitCode = 2
    } else if (error instanceof CommandFailure || error instanceof DatabaseOpenFailure) {
      process.stderr.write(`invoicing: ${error.message}\n`)
      process.exitCode = 1
    } else if (isInvoicingError(error)) {
      process.stderr.write(`${JSON.stringify({ error: error.message, code: error.code, ...error.details })}\n`)
      process.exitCode = 1
    } else {
      process.stderr.write(`invoicing: ${(error as Error)?.stack ?? String(error)}\n`)
      process.exitCode = 1
    }
  },
)
