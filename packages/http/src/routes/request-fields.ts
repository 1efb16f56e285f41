import { aliasedObjectOf } from '@invoicing/core'
import type * as v from 'valibot'

/** At most this many names are reported, each cut to this length: a header must stay small. */
const MAX_REPORTED = 50
const MAX_NAME_LENGTH = 64

type AnySchema = v.GenericSchema & { type: string; pipe?: readonly { kind: string }[] }
type Wrapping = AnySchema & { wrapped: AnySchema }
type WithEntries = AnySchema & { entries: Record<string, AnySchema> }
type WithOptions = AnySchema & { options: readonly AnySchema[] }
type WithItem = AnySchema & { item: AnySchema }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The fields of `value` that `schema` does not know, as paths (`lines[].colour`): fields it
 * ignores. The snake_case and other aliases an aliased object accepts are known; a free
 * object (a record such as `metadata`) knows every key, so its content is never reported.
 */
function unknownFields(schema: AnySchema, value: unknown, at: string, found: Set<string>): void {
  if (found.size >= MAX_REPORTED) return
  const aliased = aliasedObjectOf(schema)
  if (aliased) {
    if (isObject(value)) objectFields(aliased.object as unknown as WithEntries, value, aliased.aliases, at, found)
    return
  }
  switch (schema.type) {
    case 'object':
    case 'strict_object':
      if (isObject(value)) objectFields(schema as WithEntries, value, {}, at, found)
      return
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
    case 'undefinedable':
    case 'non_nullable':
    case 'non_optional':
    case 'non_nullish':
      unknownFields((schema as Wrapping).wrapped, value, at, found)
      return
    case 'array':
      if (Array.isArray(value)) for (const item of value) unknownFields((schema as WithItem).item, item, `${at}[]`, found)
      return
    case 'union':
    case 'variant': {
      // The option that knows most of the value is the one it was meant as.
      const candidates = (schema as WithOptions).options.map((option) => {
        const own = new Set<string>()
        unknownFields(option, value, at, own)
        return own
      })
      const best = candidates.sort((a, b) => a.size - b.size)[0]
      for (const name of best ?? []) add(found, name)
      return
    }
    default:
      // A pipe is typed by its first schema; a later schema in it (after a transform) reads the value too.
      for (const item of schema.pipe?.slice(1) ?? []) if (item.kind === 'schema') unknownFields(item as AnySchema, value, at, found)
  }
}

function objectFields(schema: WithEntries, value: Record<string, unknown>, aliases: Readonly<Record<string, string>>, at: string, found: Set<string>): void {
  for (const [key, field] of Object.entries(value)) {
    const name = aliases[key] ?? key
    const entry = Object.hasOwn(schema.entries, name) ? schema.entries[name] : undefined
    const path = at ? `${at}.${key}` : key
    if (entry) unknownFields(entry, field, path, found)
    else add(found, path)
  }
}

function add(found: Set<string>, name: string): void {
  if (found.size < MAX_REPORTED) found.add(name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH)}...` : name)
}

/** The body fields `schema` ignores, in the order met; at most {@link MAX_REPORTED}. */
export function ignoredBodyFields(schema: v.GenericSchema, body: unknown): string[] {
  const found = new Set<string>()
  unknownFields(schema as AnySchema, body, '', found)
  return [...found]
}

/** The query parameters a route's query schema does not know (aliases are known). */
export function unknownQueryParameters(schema: v.GenericSchema | undefined, query: Record<string, unknown>): string[] {
  const names = Object.keys(query)
  if (names.length === 0) return []
  return schema ? ignoredBodyFields(schema, query) : names.slice(0, MAX_REPORTED)
}

const percentEncoded = (character: string): string =>
  [...Buffer.from(character, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')

/**
 * The `Invoicing-Ignored-Fields` header value: names separated by `, `. Characters beyond
 * letters, digits and `._~[]-` are percent-encoded (UTF-8), so any name a JSON key may hold
 * (commas, line breaks, non-ASCII) stays one valid header token.
 */
export const ignoredFieldsHeader = (names: readonly string[]): string =>
  names.map((name) => name.replace(/[^A-Za-z0-9._~[\]-]/gu, percentEncoded)).join(', ')
