import type { DocumentCategory } from '../../categories'

export interface DocumentCategoryReader {
  get(companyId: string, id: string): Promise<DocumentCategory | undefined>
  /**
   * By name, compared character by character (not by a language's collation); equal names
   * oldest first, then in the order they were stored.
   */
  list(companyId: string): Promise<DocumentCategory[]>
}

export interface DocumentCategoryRepository extends DocumentCategoryReader {
  insert(category: DocumentCategory): Promise<void>
  delete(companyId: string, id: string): Promise<void>
}
