/** Access: API keys, scopes and the actor a request acts as. Other features import from here, not from the files inside. */
export { type Actor, companyActor } from './actor'
export { API_KEY_PREFIX, type ApiKey } from './api-key'
export { bearerTokenOf, type ApiGate, type Principal } from './api-gate'
export { type ApiKeyCreateInput, newApiKey, type NewApiKey } from './api-key-service'
export { SCOPES } from './scopes'
