import type { WebhookDispatcher } from './webhook-dispatcher'

export interface WebhookWorker {
  /** Runs a round soon, e.g. right after events were committed. */
  wake(): void
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>
}

/**
 * Runs the dispatcher in this process: a round every `intervalMs` (pending deliveries of a
 * restarted process are picked up by the first), and at once when woken. Rounds never overlap;
 * a round repeats while it finds work. Errors (e.g. a busy database) are reported and the next
 * round tries again.
 */
export function startWebhookWorker(
  dispatcher: Pick<WebhookDispatcher, 'runOnce'>,
  { intervalMs = 1000, onError }: { intervalMs?: number; onError: (error: unknown) => void },
): WebhookWorker {
  let stopped = false
  let wakeAgain = false
  let current: Promise<void> | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  const schedule = (delay: number) => {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(run, delay)
    timer.unref?.()
  }

  function run(): void {
    if (current) {
      wakeAgain = true
      return
    }
    current = (async () => {
      try {
        do {
          wakeAgain = false
          while (!stopped && (await dispatcher.runOnce()));
        } while (wakeAgain && !stopped)
      } catch (error) {
        onError(error)
      } finally {
        current = null
        schedule(intervalMs)
      }
    })()
  }

  schedule(0)
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true
      clearTimeout(timer)
      await current
    },
  }
}
