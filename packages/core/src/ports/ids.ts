import { createId } from '@paralleldrive/cuid2'

/** Hands out record identifiers. Ids MUST be unique across all records of a storage. */
export interface IdGenerator {
  /** A new identifier (cuid2 format by default). */
  next(): string
}

export const cuidIds: IdGenerator = { next: createId }
