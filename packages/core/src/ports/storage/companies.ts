import type { Company } from '../../companies'

export interface CompanyReader {
  get(id: string): Promise<Company | undefined>
  /** How many companies exist (the host creates a demo company in an empty database). */
  count(): Promise<number>
}

export interface CompanyRepository extends CompanyReader {
  insert(company: Company): Promise<void>
  update(company: Company): Promise<void>
}
