// The baseline: Koa answering with a fixed JSON document, nothing else. `hello` sends a
// one-line document; `customer` sends a customer exactly as the host would, so the ratio
// against it shows what the engine adds beyond serializing the contract's response.
// `customer-read` is a reference, not a baseline: the same document after one SQLite point
// read of the customer's row (better-sqlite3, prepared once) and with the four headers the
// contract puts on every response, so the figure shows how close the host can get at all.
import Database from 'better-sqlite3'
import Koa from 'koa'
import { reportCpuOnRequest } from './report-cpu'

const documents = {
  hello: { data: { name: 'Invoicing API', version: '1.0.0' } },
  customer: JSON.parse(process.env.BENCH_CUSTOMER_DOCUMENT ?? 'null'),
  'customer-read': JSON.parse(process.env.BENCH_CUSTOMER_DOCUMENT ?? 'null'),
}
const document = documents[(process.argv[2] ?? 'hello') as keyof typeof documents]

const app = new Koa()
if (process.argv[2] === 'customer-read') {
  const { BENCH_DATABASE: file, BENCH_CUSTOMER_ID: customerId, BENCH_COMPANY_ID: companyId } = process.env
  const row = new Database(file!, { readonly: true }).prepare('select * from customer where id = ? and company_id = ?').raw(true)
  let requests = 0
  app.use((ctx) => {
    row.get(customerId, companyId)
    requests++
    ctx.set({ 'X-Request-Id': `bench-${requests}`, 'RateLimit-Limit': '100', 'RateLimit-Remaining': String(requests % 100), 'RateLimit-Reset': '60' })
    ctx.body = document
  })
} else {
  app.use((ctx) => {
    ctx.body = document
  })
}
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (typeof address === 'object' && address) process.send!({ url: `http://127.0.0.1:${address.port}` })
})
reportCpuOnRequest()
