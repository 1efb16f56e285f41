import type { Clock } from './clock'
import type { IdGenerator } from './ids'
import type { Storage } from './storage'

/** What every service of the core is built from. */
export interface CoreDeps {
  storage: Storage
  clock: Clock
  ids: IdGenerator
}
