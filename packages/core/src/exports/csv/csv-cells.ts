import { Exact, formatMoney } from '../../tax'

/**
 * A value of a CSV row before the dialect writes it. Typed cells let one row definition serve
 * both dialects: a dialect decides how decimals, dates and timestamps look.
 */
export type Cell =
  | null
  | boolean
  | string
  | { kind: 'money'; value: string }
  | { kind: 'decimal'; value: string }
  | { kind: 'date'; value: string }
  | { kind: 'timestamp'; value: string }

/** An amount, written with exactly two decimals (exact: never through a float). */
export const money = (value: string | null): Cell => (value === null ? null : { kind: 'money', value: formatMoney(new Exact(value)) })

/** A quantity, rate or other decimal, written as stored. */
export const decimal = (value: string | null): Cell => (value === null ? null : { kind: 'decimal', value })

/** A calendar date `YYYY-MM-DD`. */
export const date = (value: string | null): Cell => (value === null ? null : { kind: 'date', value })

/** An instant, stored as ISO 8601 UTC. */
export const timestamp = (value: string | null): Cell => (value === null ? null : { kind: 'timestamp', value })
