/** Dunning: payment reminders and their fees. Other features import from here, not from the files inside. */
export { type Reminder } from './reminder'
