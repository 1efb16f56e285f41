// Seeding 100,000 documents or more takes from seconds to minutes: a line on stderr every few
// seconds (and at the end) says how far it is, so a long silence never looks like a hang.
const EVERY_MS = 5000

/** The `onBatch` of a seed of `total` records: prints `label: copied / total (elapsed)`. */
export function seedProgress(label: string, total: number): (copied: number) => void {
  const started = Date.now()
  let printed = started
  return (copied) => {
    const now = Date.now()
    if (copied < total && now - printed < EVERY_MS) return
    printed = now
    process.stderr.write(`  seeding ${label}: ${copied.toLocaleString('en')} / ${total.toLocaleString('en')} (${((now - started) / 1000).toFixed(1)} s)\n`)
  }
}
