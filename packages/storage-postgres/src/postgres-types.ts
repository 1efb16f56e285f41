import pg from 'pg'

/**
 * How `pg` turns column values into JS: into the shapes the shared repositories read, which are
 * SQLite's. Money stays exact decimal text (numeric as written, never a float), instants are
 * ISO 8601 text in UTC with milliseconds, dates stay 'YYYY-MM-DD' (not a Date at local midnight),
 * JSON stays text (the repositories parse it), booleans are 1/0 and 64-bit counts are numbers.
 */
const OID = { bool: 16, int8: 20, json: 114, date: 1082, timestamp: 1114, timestamptz: 1184, numeric: 1700, jsonb: 3802 } as const

const text = (value: string) => value

// '2026-03-01 10:00:00.12+00' in a UTC session; other offsets are converted.
const TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?([+-]\d{2}(?::?\d{2}){0,2})$/

/** An instant as the engine writes it: `YYYY-MM-DDTHH:mm:ss.sssZ`. */
export function isoInstant(value: string): string {
  const match = TIMESTAMPTZ.exec(value)
  if (!match) return new Date(value).toISOString()
  const [, date, time, fraction = '', offset] = match
  const milliseconds = fraction.padEnd(3, '0').slice(0, 3)
  if (offset === '+00') return `${date}T${time}.${milliseconds}Z`
  const [hours, minutes = '00'] = offset!.slice(1).split(':')
  return new Date(`${date}T${time}.${milliseconds}${offset![0]}${hours}:${minutes}`).toISOString()
}

const parsers: Partial<Record<number, (value: string) => unknown>> = {
  [OID.bool]: (value) => (value === 't' ? 1 : 0),
  [OID.int8]: Number,
  [OID.json]: text,
  [OID.jsonb]: text,
  [OID.date]: text,
  [OID.timestamp]: text,
  [OID.timestamptz]: isoInstant,
  [OID.numeric]: text,
}

/** The `types` of a pg client or pool: these parsers, pg's own for every other type. */
export const postgresTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && parsers[oid] ? parsers[oid] : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
}
