/** A company's label for grouping documents (e.g. "Shop", "Consulting"). */
export interface DocumentCategory {
  id: string
  companyId: string
  name: string
  createdAt: string
}
