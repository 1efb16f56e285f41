/** A signed POST to a receiver. */
export interface WebhookRequest {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  /** Aborts the post (the engine is stopping, or the round ran out of time); the post then rejects. */
  signal?: AbortSignal
}

export interface WebhookResponse {
  status: number
  /** The start of the answer's body (adapters may cut it). */
  body: string
}

/**
 * Where webhooks leave the engine. An adapter decides which URLs may be called (only
 * https and public addresses, checked after DNS resolution, unless the host allows otherwise).
 */
export interface WebhookTransport {
  /** Resolves when `url` may receive webhooks; rejects with a reason a person can act on otherwise. */
  checkUrl(url: string): Promise<void>
  /** Rejects on timeout or when no answer came; any answer (also 500) resolves. */
  post(request: WebhookRequest): Promise<WebhookResponse>
}
