import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { openPostgresDatabase } from '@invoicing/storage-postgres'
import { copyDatabase, CopyRefused, type CopyProgress } from '@invoicing/storage-sql'
import { openSqliteDatabase } from '@invoicing/storage-sqlite'
import { describeDatabase, opening, type DatabaseSettings } from '../databases'
import { CommandFailure, UsageError } from './usage-error'

/** On a terminal, the table being copied and its rows so far, on one line that is rewritten. */
function progressLine(): ((progress: CopyProgress) => void) | undefined {
  if (!process.stderr.isTTY) return undefined
  return ({ table, rows }) => process.stderr.write(`\rcopying ${table}: ${rows} rows\u001b[K`)
}

/** `db copy --from <sqlite file> --to <postgres url>`: every row into an empty PostgreSQL database. */
export async function runDbCommand(action: string | undefined, args: string[], print: (text: string) => void): Promise<void> {
  if (action !== 'copy') throw new UsageError(`unknown command: db ${action ?? ''}`.trim())
  const { values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' } } })
  if (!values.from) throw new UsageError('--from <sqlite file> is required')
  if (!values.to) throw new UsageError('--to <postgres url> is required')
  if (!/^postgres(ql)?:\/\//.test(values.to)) throw new UsageError('--to must be a postgres:// URL')
  const source: DatabaseSettings = { kind: 'sqlite', file: values.from }
  const target: DatabaseSettings = { kind: 'postgres', url: values.to }
  if (!existsSync(source.file)) throw new CommandFailure(`there is no SQLite database at ${source.file}`)

  // Both are migrated first, as every command does, so they are at this release's version.
  const from = await opening(source, () => openSqliteDatabase(source.file))
  try {
    const to = await opening(target, () => openPostgresDatabase({ url: target.url, poolMax: 2 }))
    try {
      const onProgress = progressLine()
      const { tables } = await copyDatabase(from, to, { onProgress }).catch((error: unknown) => {
        if (error instanceof CopyRefused) throw new CommandFailure(`${error.message}; nothing was copied`)
        throw new CommandFailure(`the copy failed and was rolled back: ${(error as Error).message}`)
      }).finally(() => onProgress && process.stderr.write('\r\u001b[K'))
      const width = Math.max(...tables.map(({ table }) => table.length))
      const digits = Math.max(...tables.map(({ rows }) => String(rows).length))
      for (const { table, rows } of tables) print(`${table.padEnd(width)}  ${String(rows).padStart(digits)}`)
      const total = tables.reduce((sum, { rows }) => sum + rows, 0)
      print(`Copied ${total} rows from ${describeDatabase(source)} to ${describeDatabase(target)}.`)
    } finally {
      await to.close()
    }
  } finally {
    await from.close()
  }
}
