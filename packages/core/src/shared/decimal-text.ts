/** `-x` of an exact decimal string, without a detour through numbers; zero stays unsigned. */
export function negated(decimal: string): string {
  if (/^-?0(\.0*)?$/.test(decimal)) return decimal.replace(/^-/, '')
  return decimal.startsWith('-') ? decimal.slice(1) : `-${decimal}`
}
