import type { AuditAction } from '../../audit'
import { InvoicingError } from '../../errors'
import type { BlogReader, BlogRepository, BlogSlugNamespace } from '../../ports/storage'
import type { Page, PageRequest } from '../../shared/pagination'
import type { BlogCategory } from '../categories/blog-category'
import { CategoryCreateSchema, CategoryUpdateSchema } from '../categories/category-schemas'
import type { BlogTag } from '../tags/blog-tag'
import { TagCreateSchema, TagUpdateSchema } from '../tags/tag-schemas'

/** What categories and tags share: a name and a slug unique in their namespace. */
export interface BlogTerm {
  id: string
  slug: string
  name: string
}

/** What differs between the kinds of terms: their record, where they are stored, what deleting one does. */
export interface TermKind<T extends BlogTerm> {
  /** For messages: `Category`, `Tag`. */
  name: string
  namespace: BlogSlugNamespace
  audit: { targetType: string; created: AuditAction; updated: AuditAction; deleted: AuditAction }
  createSchema: typeof CategoryCreateSchema | typeof TagCreateSchema
  updateSchema: typeof CategoryUpdateSchema | typeof TagUpdateSchema
  /** A new term of the parsed create fields, its slug still to be chosen. */
  created(id: string, fields: Record<string, unknown> & { name: string }): T
  /** `current` with the parsed update fields: absent ones stay, `null` clears an optional one. */
  changed(current: T, fields: Record<string, unknown>): T
  get(reader: BlogReader, id: string): Promise<T | undefined>
  list(reader: BlogReader, page: PageRequest): Promise<Page<T>>
  /** Stores a new term; false when its slug is taken (the port's insert-if-absent). */
  insert(blog: BlogRepository, term: T): Promise<boolean>
  update(blog: BlogRepository, term: T): Promise<boolean>
  delete(blog: BlogRepository, id: string): Promise<void>
  /** Refuses to delete a term that must stay. */
  assertDeletable(blog: BlogRepository, term: T): Promise<void>
}

const kept = <T>(current: T, value: T | undefined): T => (value === undefined ? current : value)

const categories: TermKind<BlogCategory> = {
  name: 'Category',
  namespace: 'categories',
  audit: { targetType: 'blog_category', created: 'BLOG_CATEGORY_CREATED_VIA_API', updated: 'BLOG_CATEGORY_UPDATED_VIA_API', deleted: 'BLOG_CATEGORY_DELETED_VIA_API' },
  createSchema: CategoryCreateSchema,
  updateSchema: CategoryUpdateSchema,
  created: (id, fields) => ({ id, slug: '', name: fields.name, description: (fields.description as string | null | undefined) ?? null }),
  changed: (current, fields) => ({
    ...current, name: kept(current.name, fields.name as string | undefined), slug: kept(current.slug, fields.slug as string | undefined),
    description: kept(current.description, fields.description as string | null | undefined),
  }),
  get: (reader, id) => reader.getCategory(id),
  list: (reader, page) => reader.listCategories(page),
  insert: (blog, term) => blog.insertCategory(term),
  update: (blog, term) => blog.updateCategory(term),
  delete: (blog, id) => blog.deleteCategory(id),
  async assertDeletable(blog, term) {
    if (await blog.categoryInUse(term.id)) {
      throw new InvoicingError('category_in_use', `Posts have the category ${term.slug}; take it off them first`)
    }
  },
}

const tags: TermKind<BlogTag> = {
  name: 'Tag',
  namespace: 'tags',
  audit: { targetType: 'blog_tag', created: 'BLOG_TAG_CREATED_VIA_API', updated: 'BLOG_TAG_UPDATED_VIA_API', deleted: 'BLOG_TAG_DELETED_VIA_API' },
  createSchema: TagCreateSchema,
  updateSchema: TagUpdateSchema,
  created: (id, fields) => ({ id, slug: '', name: fields.name }),
  changed: (current, fields) => ({ ...current, name: kept(current.name, fields.name as string | undefined), slug: kept(current.slug, fields.slug as string | undefined) }),
  get: (reader, id) => reader.getTag(id),
  list: (reader, page) => reader.listTags(page),
  insert: (blog, term) => blog.insertTag(term),
  update: (blog, term) => blog.updateTag(term),
  // A tag goes from its posts with it.
  delete: (blog, id) => blog.deleteTag(id),
  assertDeletable: async () => undefined,
}

/** The kinds of terms of the blog. */
export const TERM_KINDS = { categories, tags } as const
