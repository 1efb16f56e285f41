import type { EventPublisher } from '../events/event-bus'
import type { Clock } from './clock'
import type { IdGenerator } from './ids'
import type { Storage } from './storage'

/** What every service of the core is built from. */
export interface CoreDeps {
  storage: Storage
  clock: Clock
  ids: IdGenerator
  /** Where committed events go to in-process subscribers. */
  events: EventPublisher
}
