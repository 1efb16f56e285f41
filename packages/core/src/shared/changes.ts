/**
 * `record` with the fields `changes` gives: a value replaces, `null` clears, a field left out
 * (undefined) stays as it was. The partial-update rule of every PUT.
 */
export function withChanges<T extends object>(record: T, changes: { [K in keyof T]?: T[K] | undefined }): T {
  const changed = { ...record }
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) Object.assign(changed, { [field]: value })
  }
  return changed
}
