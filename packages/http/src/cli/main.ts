import { isInvoicingError } from '@invoicing/core'
import { createSqliteStorage } from '@invoicing/storage-sqlite'
import { runAdminCommand } from './admin-commands'
import { readConfig } from './config'
import { serve } from './serve'
import { USAGE, UsageError } from './usage-error'

const print = (text: string) => process.stdout.write(`${text}\n`)

async function main(argv: string[]): Promise<number> {
  const [command, action, ...rest] = argv
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    print(USAGE)
    return command ? 0 : 2
  }
  const config = readConfig()
  switch (command) {
    case 'serve':
      await serve(config, print)
      return -1 // keeps running until a signal
    case 'migrate': {
      const storage = await createSqliteStorage({ filename: config.databaseFile })
      await storage.close()
      print(`The database ${config.databaseFile} is up to date.`)
      return 0
    }
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
    } else if (isInvoicingError(error)) {
      process.stderr.write(`${JSON.stringify({ error: error.message, code: error.code, ...error.details })}\n`)
      process.exitCode = 1
    } else {
      process.stderr.write(`invoicing: ${(error as Error)?.stack ?? String(error)}\n`)
      process.exitCode = 1
    }
  },
)
