/** The command line itself is wrong: print the message and the usage, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** The command could not do its work for a reason the operator can fix: print the message alone, exit 1. */
export class CommandFailure extends Error {
  override readonly name = 'CommandFailure'
}

export const USAGE = `Usage: invoicing <command>
       invoicing --version | --help

  serve                                          start the HTTP host
  migrate                                        create or upgrade the database and exit
  backup <file>                                  copy the SQLite database to a new file, also while serving
  db copy --from <sqlite file> --to <postgres url>
                                                 copy every row of a SQLite database into an empty
                                                 PostgreSQL database (both migrated first)
  company create --json '<object>'               create a company, print it as JSON
  company update <companyId> --json '<object>'   change company settings, print it as JSON
  company show <companyId>                       print a company as JSON
  key create --company <companyId> [--scopes a,b,c] [--platform-admin] [--name N]
                                                 create an API key (all scopes unless --scopes);
                                                 the key is shown only here
  key list --company <companyId>                 list a company's keys (never the secret)
  key revoke <keyId>                             deactivate a key
  scheduler run-once [--company <id>] [--date YYYY-MM-DD]
                                                 run the scheduler's jobs (recurring invoices, quote
                                                 expiry) until nothing is due, print what it did, exit;
                                                 --date moves "today" (at most 400 days)

Environment: INVOICING_DB (./data/invoicing.sqlite), INVOICING_DATABASE_URL (postgres://user:password@host/db:
PostgreSQL instead of SQLite; TLS with ?sslmode=require), INVOICING_DATABASE_POOL_MAX (10 connections),
INVOICING_DATABASE_STATEMENT_TIMEOUT_MS (30000), INVOICING_DATA_DIR (./data), PORT (3000),
HOST (127.0.0.1), LOG_LEVEL (info), INVOICING_NO_DEMO=1 (no demo company on an empty database),
INVOICING_RATE_LIMIT (100 requests per minute and key), INVOICING_AUTH_FAILURES_PER_MINUTE (30 failed
authentications per client address and minute), INVOICING_PDF_WORKERS (2 threads that draw PDFs),
INVOICING_SCHEDULER=0 (no scheduler loop in serve), INVOICING_SCHEDULER_INTERVAL_MS (60000),
INVOICING_RECURRING_SEND_RETRY_MS (60000,600000,3600000: waits before retrying a recurring send),
INVOICING_PUBLIC_URL (http://HOST:PORT: base of upload URLs), INVOICING_UPLOAD_MAX_BYTES (104857600),
INVOICING_UPLOAD_URL_TTL_S (900),
INVOICING_STORAGE (fs: files under INVOICING_DATA_DIR; s3: in the bucket of S3_BUCKET, with S3_REGION,
S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, and S3_ENDPOINT and S3_FORCE_PATH_STYLE=1 for MinIO and the like).`
