// One scheduler run (as `invoicing scheduler run-once`) on a database, reporting progress every
// 1,000 schedules and the process's peak RSS.
import { createInvoicing } from '@invoicing/core'
import { createSqliteStorage } from '@invoicing/storage-sqlite'

const [databaseFile, asOf, label] = process.argv.slice(2)
const storage = await createSqliteStorage({ filename: databaseFile! })
const invoicing = createInvoicing({ storage })
const started = Date.now()
const rssAtStart = process.memoryUsage().rss
let peakRss = rssAtStart
let reported = 0
const report = await invoicing.scheduler.runOnce({
  asOf,
  onProgress(progress) {
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
    if (progress.due >= reported + 1000) {
      reported = progress.due - (progress.due % 1000)
      process.stdout.write(`  ${label}: ${progress.due.toLocaleString('en')} schedules, ${progress.created.toLocaleString('en')} invoices (${((Date.now() - started) / 1000).toFixed(1)} s, RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB)\n`)
    }
  },
})
await invoicing.close()
await storage.close()
process.send!({ ...report, seconds: (Date.now() - started) / 1000, rssStartMb: rssAtStart / 1048576, rssPeakMb: peakRss / 1048576 })
