/** Structured JSON logs, one line per entry, on stderr. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
  /** Whether entries of `level` are written, to skip building ones that are not. */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export function createJsonLogger(level: LogLevel = 'info', write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const threshold = LOG_LEVELS.indexOf(level)
  const log = (entryLevel: Exclude<LogLevel, 'silent'>) => (message: string, fields: Record<string, unknown> = {}) => {
    if (LOG_LEVELS.indexOf(entryLevel) < threshold) return
    write(`${JSON.stringify({ level: entryLevel, time: new Date().toISOString(), msg: message, ...fields }, errorReplacer)}\n`)
  }
  return {
    debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error'),
    enabled: (entryLevel) => LOG_LEVELS.indexOf(entryLevel) >= threshold,
  }
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack }
  return value
}
