import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The newest modification time of the files under `folder`, 0 when it has none. */
function newestIn(folder: string): number {
  let newest = 0
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/** Whether every package's build is newer than each of its sources (an install builds them). */
function buildIsCurrent(): boolean {
  const packages = readdirSync(join(root, 'packages'))
  return packages.every((name) => {
    const built = join(root, 'packages', name, 'dist', 'index.js')
    return existsSync(built) && statSync(built).mtimeMs >= newestIn(join(root, 'packages', name, 'src'))
  })
}

/**
 * How the tests run `invoicing`: the built command when the build is current, as an install
 * leaves it (it starts in half the time); else from the sources through tsx, so a change is
 * tested before anything is built.
 */
export const CLI = buildIsCurrent()
  ? ['packages/http/dist/cli.js']
  : ['--conditions=@invoicing/source', '--import', 'tsx', 'packages/http/src/cli/main.ts']

export interface CliResult {
  status: number | null
  stdout: string
  stderr: string
  /** stdout parsed as JSON. */
  json(): any
}

/** Runs `invoicing …` and waits for it. */
export function runCli(args: string[], env: Record<string, string>): CliResult {
  const result = spawnSync(process.execPath, [...CLI, ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, json: () => JSON.parse(result.stdout) }
}

export interface RunningServe {
  url: string
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** Starts `invoicing serve` on a free port and resolves once it printed that it listens. */
export async function startServe(env: Record<string, string>): Promise<RunningServe> {
  const child = spawn(process.execPath, [...CLI, 'serve'], {
    cwd: root, env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stderr!.on('data', (chunk) => { stderr += chunk })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    // Compiling the sources with tsx takes a cold start over 20 s on a busy 2-core machine. One
    // that does not start is killed, or it would keep the test file from ever ending.
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`serve did not start: ${stderr}`))
    }, 60_000)
    child.stdout!.on('data', (chunk) => {
      stdout += chunk
      // serve prints its banner (with the demo key, if any) in one piece, ending in a newline.
      const match = /listening on (http:\/\/\S+)\/api\/v1[^]*\n$/.exec(stdout)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)))
  })
  return {
    url, child,
    stdout: () => stdout,
    stderr: () => stderr,
    stop(signal = 'SIGTERM') {
      child.kill(signal)
      return exited
    },
  }
}
