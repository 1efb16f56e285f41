import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

const PLACEHOLDER = '\u0000prepared-query-parameter:'

type Slot = { parameter: string } | { value: unknown }

interface Template<TRow> {
  compiled: CompiledQuery<TRow>
  slots: Slot[]
}

/** One call of a prepared query: its parameters, put into the SQL compiled for a database. */
export interface PreparedCall<TRow> {
  compileFor(dialect: SqlDialect): CompiledQuery<TRow>
}

/** What the executors run: a kysely query, or a call of a prepared one. */
export type Query<TRow> = Compilable<TRow> | PreparedCall<TRow>

/** The SQL and parameters of `query` for the database of `dialect`. */
export function compileQuery<TRow>(query: Query<TRow>, dialect: SqlDialect): CompiledQuery<TRow> {
  return 'compileFor' in query ? query.compileFor(dialect) : query.compile()
}

/**
 * A query built and compiled by kysely once per database, on first use; each call only puts its
 * parameters into the compiled SQL's slots. Building and compiling costs more than a SQLite
 * point read, so the hot reads (a record by id, a key by hash) are written this way.
 *
 * `build` receives stand-ins for the parameters and must use them only as values (in `where`,
 * `limit`, ...), never to decide the query's shape: it runs once per database, not per call.
 */
export function preparedQuery<TParameters extends Record<string, unknown>, TRow>(
  build: (db: Kysely<Database>, parameters: TParameters) => Compilable<TRow>,
): (parameters: TParameters) => PreparedCall<TRow> {
  const templates = new Map<SqlDialect, Template<TRow>>()

  function templateFor(dialect: SqlDialect): Template<TRow> {
    let template = templates.get(dialect)
    if (!template) {
      const standIns = new Proxy({}, { get: (_, name) => `${PLACEHOLDER}${String(name)}` }) as TParameters
      const compiled = build(dialect.compiler, standIns).compile()
      const slots = compiled.parameters.map((value): Slot =>
        typeof value === 'string' && value.startsWith(PLACEHOLDER) ? { parameter: value.slice(PLACEHOLDER.length) } : { value })
      template = { compiled, slots }
      templates.set(dialect, template)
    }
    return template
  }

  return (parameters) => ({
    compileFor(dialect) {
      const { compiled, slots } = templateFor(dialect)
      return { ...compiled, parameters: slots.map((slot) => ('parameter' in slot ? parameters[slot.parameter] : slot.value)) }
    },
  })
}
