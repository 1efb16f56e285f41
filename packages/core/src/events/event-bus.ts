import mitt from 'mitt'
import type { DomainEvent, EventType } from './domain-event'

export type EventHandler = (event: DomainEvent) => void

/**
 * In-process subscribers to the engine's events. Events reach them only after the transaction
 * that recorded them has committed; a handler that throws is reported and does not disturb the
 * others or the caller, whose change is already stored.
 */
export interface EventBus {
  /** Subscribes to one type, or to every event with `'*'`. */
  on(type: EventType | '*', handler: EventHandler): void
  off(type: EventType | '*', handler: EventHandler): void
}

export interface EventPublisher extends EventBus {
  /** Hands committed events to the subscribers, in order. */
  publish(events: readonly DomainEvent[]): void
}

export function createEventBus(reportError: (error: unknown, event: DomainEvent) => void): EventPublisher {
  const emitter = mitt<Record<EventType, DomainEvent>>()
  const guarded = new WeakMap<EventHandler, EventHandler>()
  const wildcards = new WeakMap<EventHandler, (type: EventType, event: DomainEvent) => void>()
  const wildcardOf = (handler: EventHandler) => {
    let wrapped = wildcards.get(handler)
    if (!wrapped) {
      const guardedHandler = guard(handler)
      wrapped = (_type, event) => guardedHandler(event)
      wildcards.set(handler, wrapped)
    }
    return wrapped
  }
  const guard = (handler: EventHandler): EventHandler => {
    let wrapped = guarded.get(handler)
    if (!wrapped) {
      wrapped = (event) => {
        try {
          handler(event)
        } catch (error) {
          reportError(error, event)
        }
      }
      guarded.set(handler, wrapped)
    }
    return wrapped
  }
  return {
    on(type, handler) {
      if (type === '*') emitter.on('*', wildcardOf(handler))
      else emitter.on(type, guard(handler))
    },
    off(type, handler) {
      if (type === '*') emitter.off('*', wildcardOf(handler))
      else emitter.off(type, guard(handler))
    },
    publish(events) {
      for (const event of events) emitter.emit(event.type, event)
    },
  }
}
