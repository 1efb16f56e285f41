// The baseline: Koa answering with a fixed JSON document, nothing else. `hello` sends a
// one-line document; `customer` sends a customer exactly as the host would, so the ratio
// against it shows what the engine adds beyond serializing the contract's response.
import Koa from 'koa'
import { reportCpuOnRequest } from './report-cpu'

const documents = {
  hello: { data: { name: 'Invoicing API', version: '1.0.0' } },
  customer: JSON.parse(process.env.BENCH_CUSTOMER_DOCUMENT ?? 'null'),
}
const document = documents[(process.argv[2] ?? 'hello') as keyof typeof documents]

const app = new Koa()
app.use((ctx) => {
  ctx.body = document
})
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (typeof address === 'object' && address) process.send!({ url: `http://127.0.0.1:${address.port}` })
})
reportCpuOnRequest()
