// The host on a fresh data folder (file system storage), for the files bench: reports its URL
// and an API key, then answers each message with its memory (the driver reads RSS from /proc
// where there is one, as the host's event loop may be busy when asked).
import { join } from 'node:path'
import { companyActor } from '@invoicing/core'
import { startHost } from '@invoicing/http'

const [folder] = process.argv.slice(2) as [string]

const host = await startHost({
  databaseFile: join(folder, 'files.sqlite'), dataDir: folder, port: 0,
  access: { requestsPerMinute: 1_000_000_000 },
})
const company = await host.invoicing.companies.create({ name: 'Archiv GmbH', apiCallQuota: null })
const { secret } = await host.invoicing.apiKeys.create(companyActor(company.id))

process.on('message', () => {
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
  process.send!({ rss, heapUsed, external, arrayBuffers })
})
process.send!({ url: host.url, key: secret })
