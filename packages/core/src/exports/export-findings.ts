import { InvoicingError } from '../errors'

/** A problem (the export is refused) or a warning (it is made, and says so) about an export. */
export interface ExportFinding {
  /** Snake case, e.g. `account_missing`, `characters_replaced`. */
  code: string
  message: string
  documentId?: string
  documentNumber?: string
  field?: string
}

/** The document a finding is about. */
export interface FindingSubject {
  id: string
  number: string
}

/**
 * What a writer found while it wrote, collected rather than thrown: a request's problems are
 * all reported at once. Each distinct finding is kept once (a missing setting found for every
 * document is one finding), and at most `limit` of each kind, so a bad period of 100,000
 * documents answers with a readable list.
 */
export class ExportFindings {
  readonly problems: ExportFinding[] = []
  readonly warnings: ExportFinding[] = []
  private readonly seen = new Set<string>()
  /** Findings beyond `limit`, per kind, counted but not kept. */
  omitted = { problems: 0, warnings: 0 }

  constructor(private readonly limit = 1000) {}

  problem(code: string, message: string, about: { document?: FindingSubject; field?: string } = {}): void {
    this.add('problems', code, message, about)
  }

  warning(code: string, message: string, about: { document?: FindingSubject; field?: string } = {}): void {
    this.add('warnings', code, message, about)
  }

  get hasProblems(): boolean {
    return this.problems.length > 0
  }

  /** 400 `export_invalid` with every problem kept, or nothing when there is none. */
  throwIfProblems(): void {
    if (!this.hasProblems) return
    const more = this.omitted.problems > 0 ? ` (${this.omitted.problems} more not listed)` : ''
    throw new InvoicingError('export_invalid', `The export has ${this.problems.length + this.omitted.problems} problem(s)${more}; nothing was stored`, {
      problems: this.problems,
      ...(this.omitted.problems > 0 ? { omittedProblems: this.omitted.problems } : {}),
    })
  }

  private add(kind: 'problems' | 'warnings', code: string, message: string, { document, field }: { document?: FindingSubject; field?: string }): void {
    const finding: ExportFinding = {
      code, message,
      ...(document ? { documentId: document.id, documentNumber: document.number } : {}),
      ...(field !== undefined ? { field } : {}),
    }
    const key = `${kind}\u0000${code}\u0000${finding.documentId ?? ''}\u0000${field ?? ''}\u0000${message}`
    if (this.seen.has(key)) return
    this.seen.add(key)
    if (this[kind].length >= this.limit) {
      this.omitted[kind] += 1
      return
    }
    this[kind].push(finding)
  }
}
