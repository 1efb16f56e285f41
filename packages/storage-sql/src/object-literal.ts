/** Makes `{ [key]: source[from], ..., ...rest }` for one fixed list of keys. */
export type LiteralMaker = (source: object, rest?: object) => Record<string, unknown>

/**
 * A function that makes an object of fixed keys from `source`, compiled once as one object
 * literal: `{ "key": source["from"], ..., ...rest }`. Rows and records are made for every row
 * read, and how they are made decides what they cost in V8 (measured on Node 20):
 * - property by property (`object[key] = value`), an object of 20 keys or more becomes a hash
 *   table, slower to make and to read;
 * - a literal that starts with a spread and goes on (`{ ...record, more }`) costs 1–5 µs per
 *   object and leaves garbage in the old generation that forces full collections (Node 22
 *   no longer does);
 * - one literal, with a spread last, costs ~0.1 µs and makes objects of one shape.
 * The keys are quoted with JSON.stringify, so no name can become code; `__proto__` is refused,
 * because in a literal it would set the prototype instead of a field.
 */
export function literalMaker(pairs: readonly (readonly [key: string, from: string | number])[]): LiteralMaker {
  if (pairs.some(([key]) => key === '__proto__')) throw new Error('literalMaker: "__proto__" cannot be a key')
  const fields = pairs.map(([key, from]) => `${JSON.stringify(key)}: source[${JSON.stringify(from)}]`)
  return new Function('source', 'rest', `return { ${[...fields, '...rest'].join(', ')} }`) as LiteralMaker
}
