/**
 * Who performs a use case: always a company, and the API key when the call came through the
 * API (null for operators and embedders). Records of other companies are invisible to it.
 */
export interface Actor {
  companyId: string
  apiKeyId: string | null
}

/** An actor for code that acts as the company itself (the CLI, an embedding app). */
export const companyActor = (companyId: string): Actor => ({ companyId, apiKeyId: null })
