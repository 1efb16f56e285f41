/** Domain events: the outbox written with each change, and the in-process bus. Other features import from here, not from the files inside. */
export { type DomainEvent, EVENT_TYPES, type EventType } from './domain-event'
export { type EventBus, type EventPublisher } from './event-bus'
export { EVENT_DESCRIPTIONS } from './event-descriptions'
