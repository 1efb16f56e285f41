import type { DocumentCategory } from '../../categories/document-category'

export interface DocumentCategoryReader {
  get(companyId: string, id: string): Promise<DocumentCategory | undefined>
  /** Sorted by name. */
  list(companyId: string): Promise<DocumentCategory[]>
}

export interface DocumentCategoryRepository extends DocumentCategoryReader {
  insert(category: DocumentCategory): Promise<void>
  delete(companyId: string, id: string): Promise<void>
}
