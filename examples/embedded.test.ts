import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { it } from 'node:test'

it('the embedding example runs the core in memory and prints what it did, with nothing on stderr', () => {
  const run = spawnSync(process.execPath, ['--conditions=@invoicing/source', '--import', 'tsx', fileURLToPath(new URL('./embedded.js', import.meta.url))], { encoding: 'utf8' })
  assert.equal(run.status, 0)
  assert.equal(run.stderr, '', 'no stack trace, no warning')
  assert.equal(run.stdout, [
    'KD-00001 Ärztehaus Übersee (AT)',
    'Wartung: 89.9 EUR per h',
    'event invoice.created',
    'ENTWURF-… REVERSE_CHARGE_EU net 259.75 gross 259.75 due 2026-11-16',
    'event invoice.sent',
    'RE-2026-00001 SENT',
    'RE-2026-00001.pdf: %PDF-1.7…',
    'rejected: validation_failed (email: must be an email address)',
    '',
  ].join('\n'))
})
