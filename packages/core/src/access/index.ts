/** Access: API keys, scopes and the actor a request acts as. Other features import from here, not from the files inside. */
export { type Actor, companyActor } from './actor'
export { type ApiKey } from './api-key'
export { type ApiKeyCreateInput, newApiKey, type NewApiKey } from './api-key-service'
export { SCOPES } from './scopes'
