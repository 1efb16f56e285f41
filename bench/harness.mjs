// @ts-check
// Servers in child processes, the load generator here, and where each of them runs.
import { execFileSync, fork } from 'node:child_process'
import { availableParallelism } from 'node:os'
import http from 'node:http'
import autocannon from 'autocannon'

/**
 * The servers get the last core, the load generator the others, when the machine has two or
 * more and `taskset` is there. Left to the scheduler, a server shares a core with autocannon in
 * some runs and not in others, and the kernel's share of each request moves with it: bare Koa
 * measured 35 µs of CPU per request in one run and 60 in the next. Pinned, every server pays
 * for the network stack as it would with its clients on another machine.
 */
const cores = availableParallelism()
const pinning = cores >= 2 && hasTaskset() ? { server: String(cores - 1), load: `0-${cores - 2}` } : undefined

function hasTaskset() {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** @param {number} pid @param {string} cpus */
const pin = (pid, cpus) => execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' })

export const placement = pinning
  ? `servers on core ${pinning.server}, load generator on ${pinning.load === '0-0' ? 'core 0' : `cores ${pinning.load}`}`
  : 'server and load generator share the cores (no taskset or one core)'

if (pinning) pin(process.pid, pinning.load)

/**
 * Starts `file` (TypeScript, through tsx) in its own process; it reports `info` once listening,
 * and its CPU time (or what else it reports) on request.
 * @param {URL} file @param {string[]} args @param {Record<string, string>} env
 * @param {{ pinned?: boolean }} [options] pinned: false leaves it to the OS (processes that work side by side)
 */
export async function startServer(file, args = [], env = {}, { pinned = true } = {}) {
  const child = fork(file, args, {
    execArgv: ['--conditions=@invoicing/source', '--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  })
  /** @type {any} */
  const info = await new Promise((resolve, reject) => {
    child.once('message', resolve)
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)))
  })
  if (pinned && pinning && child.pid) pin(child.pid, pinning.server)
  /** @returns {Promise<number>} */
  const cpuMicros = () => new Promise((resolve) => {
    child.once('message', (message) => resolve(/** @type {any} */ (message).cpuMicros))
    child.send('cpu')
  })
  /** Sends a message and resolves with the server's answer to it. @returns {Promise<any>} */
  const ask = () => new Promise((resolve) => {
    child.once('message', resolve)
    child.send('ask')
  })
  /** Sends `message` and resolves with the server's next message. @param {unknown} message @returns {Promise<any>} */
  const request = (message) => new Promise((resolve) => {
    child.once('message', resolve)
    child.send(/** @type {any} */ (message))
  })
  return { info, cpuMicros, ask, request, child, stop: () => child.kill() }
}

/** @typedef {Awaited<ReturnType<typeof startServer>>} Server */
/** @typedef {{ name: string, rps: number, p50: number, p99: number, cpuPerRequest: number, failed: number }} Measurement */

/**
 * Load on one server for `seconds` with 10 connections (or `options.connections`: 1 measures
 * latency without queueing behind other requests), after a warm-up that is not counted.
 * @param {string} name @param {Server} server @param {autocannon.Options} options
 * @param {{ seconds: number, warmUpSeconds?: number }} timing
 * @returns {Promise<Measurement>}
 */
export async function measure(name, server, options, { seconds, warmUpSeconds = 2 }) {
  const connections = options.connections ?? 10
  if (warmUpSeconds > 0) await autocannon({ ...options, connections, duration: warmUpSeconds })
  const cpuBefore = await server.cpuMicros()
  const result = await autocannon({ ...options, connections, duration: seconds })
  const cpu = (await server.cpuMicros()) - cpuBefore
  return {
    name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99,
    cpuPerRequest: cpu / result.requests.total, failed: result.non2xx + result.errors,
  }
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] ?? NaN : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2
}

/**
 * Latency without queueing: one keep-alive connection, one request after the other for
 * `seconds`, each timed to the microsecond (autocannon's histogram counts whole milliseconds,
 * too coarse for answers of a fraction of one). Every answer must have `status`; the others
 * count as failed.
 * @param {string} url @param {Record<string, string>} headers @param {number} seconds
 * @returns {Promise<{ p50: number, p99: number, requests: number, failed: number }>} times in ms
 */
export async function sequentialLatency(url, headers, seconds, expectedStatus = 200) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  /** @type {number[]} */
  const times = []
  let failed = 0
  const until = performance.now() + seconds * 1000
  try {
    do {
      const started = performance.now()
      const status = await new Promise((resolve, reject) => {
        http.get(url, { agent, headers }, (response) => {
          response.resume()
          response.once('end', () => resolve(response.statusCode))
          response.once('error', reject)
        }).once('error', reject)
      })
      times.push(performance.now() - started)
      if (status !== expectedStatus) failed++
    } while (performance.now() < until)
  } finally {
    agent.destroy()
  }
  times.sort((a, b) => a - b)
  const at = (/** @type {number} */ share) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)] ?? NaN
  return { p50: at(0.5), p99: at(0.99), requests: times.length, failed }
}

/**
 * Runs one phase of the benchmark between a start line and an end line with its elapsed
 * seconds and what `run` reports (a count, e.g. "9 rounds of 5 cases"), so a long phase
 * never looks like a hang.
 * @template T @param {string} name @param {() => Promise<T>} run @param {(result: T) => string} [counts]
 * @returns {Promise<T>}
 */
export async function phase(name, run, counts) {
  const started = performance.now()
  console.log(`\n▶ ${name}: started ${new Date().toISOString().slice(11, 19)} UTC`)
  const result = await run()
  console.log(`■ ${name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s${counts ? ` (${counts(result)})` : ''}`)
  return result
}
