import { InvoicingError } from '../errors'

/** Deeper JSON is refused rather than walked: no request needs it, and recursion has limits. */
export const MAX_JSON_DEPTH = 64
/** Longer arrays are refused: the longest list a request may carry (lines) is far shorter. */
export const MAX_JSON_ARRAY_ITEMS = 10_000

/**
 * The first way `value` (parsed JSON) breaks the depth or array limits, or undefined. The walk
 * keeps its own stack, so a hostile body costs one pass over its nodes and never the call stack.
 */
export function jsonLimitBreach(value: unknown, maxDepth = MAX_JSON_DEPTH, maxArrayItems = MAX_JSON_ARRAY_ITEMS): string | undefined {
  const pending: Array<[unknown, number]> = [[value, 0]]
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!
    if (node === null || typeof node !== 'object') continue
    if (depth >= maxDepth) return `nested deeper than ${maxDepth} levels`
    if (Array.isArray(node)) {
      if (node.length > maxArrayItems) return `an array holds more than ${maxArrayItems.toLocaleString('en')} items`
      for (const item of node) pending.push([item, depth + 1])
    } else {
      for (const key in node) pending.push([(node as Record<string, unknown>)[key], depth + 1])
    }
  }
  return undefined
}

/** Refuses a JSON value nested deeper than 64 levels or with an array over 10,000 items: 400 `body_too_complex`. */
export function assertJsonWithinLimits(value: unknown): void {
  const breach = jsonLimitBreach(value)
  if (breach) throw new InvoicingError('body_too_complex', `The request body is too complex: ${breach}`, { maxDepth: MAX_JSON_DEPTH, maxArrayItems: MAX_JSON_ARRAY_ITEMS })
}
