/** Jobs: background work claimed with leases and run by one runner. Other features import from here, not from the files inside. */
export { type JobDefinition } from './job'
