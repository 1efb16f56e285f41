import {
  DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler,
  type Compilable, type CompiledQuery,
} from 'kysely'
import type { Database } from './database'

/** Builds and compiles only; it never connects (kysely's documented compile-only setup). */
const compileOnly = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
})

const PLACEHOLDER = '\u0000prepared-query-parameter:'

type Slot = { parameter: string } | { value: unknown }

/**
 * A query built and compiled by kysely once, on first use; each call only puts its parameters
 * into the compiled SQL's slots. Building and compiling costs more than a SQLite point read,
 * so the hot reads (a record by id, a key by hash) are written this way.
 *
 * `build` receives stand-ins for the parameters and must use them only as values (in `where`,
 * `limit`, ...), never to decide the query's shape: it runs once, not per call.
 */
export function preparedQuery<TParameters extends Record<string, unknown>, TRow>(
  build: (db: Kysely<Database>, parameters: TParameters) => Compilable<TRow>,
): (parameters: TParameters) => Compilable<TRow> {
  let compiled: { template: CompiledQuery<TRow>; slots: Slot[] } | undefined

  function compile(): NonNullable<typeof compiled> {
    const standIns = new Proxy({}, { get: (_, name) => `${PLACEHOLDER}${String(name)}` }) as TParameters
    const template = build(compileOnly, standIns).compile()
    const slots = template.parameters.map((value): Slot =>
      typeof value === 'string' && value.startsWith(PLACEHOLDER) ? { parameter: value.slice(PLACEHOLDER.length) } : { value })
    return { template, slots }
  }

  return (parameters) => ({
    compile() {
      compiled ??= compile()
      const { template, slots } = compiled
      return { ...template, parameters: slots.map((slot) => ('parameter' in slot ? parameters[slot.parameter] : slot.value)) }
    },
  })
}
