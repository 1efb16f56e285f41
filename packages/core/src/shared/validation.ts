import * as v from 'valibot'
import { InvoicingError } from '../errors'

type ObjectEntries = v.ObjectEntries
type AnyObjectSchema =
  | v.ObjectSchema<ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>
  | v.StrictObjectSchema<ObjectEntries, v.ErrorMessage<v.StrictObjectIssue> | undefined>

/** What an {@link aliased} schema accepts: its object schema and the alias → field names. */
export interface AliasedObject {
  object: AnyObjectSchema
  aliases: Readonly<Record<string, string>>
}

// Keyed by the aliased pipe and by its first item: JSON Schema converters visit only the latter.
const aliasedObjects = new WeakMap<object, AliasedObject>()

/** The object and aliases behind a schema made by {@link aliased}, for documentation. */
export const aliasedObjectOf = (schema: object): AliasedObject | undefined => aliasedObjects.get(schema)

/** `zipCode` → `zip_code`. */
export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

/**
 * An object schema that also accepts the snake_case spelling of every field (`customer_number`
 * for `customerNumber`) and any extra aliases given (`e_invoice` for `eInvoiceAudit`), as the
 * contract requires of request bodies. Both spellings with different values is an input error.
 *
 * The declared input type is the camelCase object: that is what embedders should write, while
 * the runtime accepts both.
 */
export function aliased<TSchema extends AnyObjectSchema>(
  schema: TSchema,
  extraAliases: Readonly<Record<string, keyof TSchema['entries'] & string>> = {},
): v.GenericSchema<v.InferInput<TSchema>, v.InferOutput<TSchema>> {
  const aliases: Record<string, string> = { ...extraAliases }
  for (const name of Object.keys(schema.entries)) {
    const snake = snakeCase(name)
    if (snake !== name) aliases[snake] = name
  }
  const head = v.unknown()
  const pipe = v.pipe(
    head,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (Array.isArray(dataset.value)) {
        // valibot's object schemas would accept an array; a body must be a JSON object.
        addIssue({ message: 'expected a JSON object, received an array' })
        return NEVER
      }
      if (typeof dataset.value !== 'object' || dataset.value === null) return dataset.value
      const input = dataset.value as Record<string, unknown>
      const normalised: Record<string, unknown> = { ...input }
      for (const [alias, name] of Object.entries(aliases)) {
        if (!(alias in normalised)) continue
        const value = normalised[alias]
        delete normalised[alias]
        if (name in normalised && JSON.stringify(normalised[name]) !== JSON.stringify(value)) {
          addIssue({ message: `${name} and ${alias} are the same field and were given different values`, path: [{ type: 'object', origin: 'key', input, key: alias, value }] })
          return NEVER
        }
        normalised[name] = value
      }
      return normalised
    }),
    schema,
  )
  aliasedObjects.set(head, { object: schema, aliases })
  aliasedObjects.set(pipe, { object: schema, aliases })
  return pipe as unknown as v.GenericSchema<v.InferInput<TSchema>, v.InferOutput<TSchema>>
}

/** Validates `input` against `schema`, or throws `validation_failed` naming the field. */
export function parseInput<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  throw validationError(result.issues)
}

function validationError(issues: readonly v.BaseIssue<unknown>[]): InvoicingError {
  const described = issues.map((issue) => {
    const field = v.getDotPath(issue)
    return field ? { field, message: messageOf(issue) } : { message: messageOf(issue) }
  })
  const first = issues[0]!
  const { field, message } = { field: undefined, ...described[0]! }
  const allowedValues = allowedValuesOf(first)
  return new InvoicingError(
    'validation_failed',
    field ? `${field}: ${message}` : message,
    {
      ...(field ? { field } : {}),
      ...(allowedValues ? { allowedValues } : {}),
      issues: described,
    },
  )
}

function messageOf(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema' && issue.received === 'undefined' && issue.path?.length) return 'is required'
  if (issue.type === 'object' && !issue.path?.length) return `expected a JSON object, received ${issue.received}`
  if (issue.type === 'picklist') return `must be one of ${allowedValuesOf(issue)?.join(', ')}, received ${issue.received}`
  return issue.message
}

/**
 * The options of a failed picklist, read from valibot's `expected`: `"A" | "B"`, or
 * `("A" | "B" | null)` when wrapped in nullable. Our picklists hold strings only.
 */
function allowedValuesOf(issue: v.BaseIssue<unknown>): string[] | undefined {
  if (issue.type !== 'picklist' || !issue.expected) return undefined
  return [...issue.expected.matchAll(/"(?:[^"\\]|\\.)*"/g)].map(([quoted]) => JSON.parse(quoted) as string)
}
