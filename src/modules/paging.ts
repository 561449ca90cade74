import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import type { Em } from '../db/orm.js';
import { decodeCursor, encodeCursor, filterFingerprint } from './cursor.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './calls/calls.schemas.js';

extendZodWithOpenApi(z);

/**
 * The one paging rule of every list (issue 13 item 6, docs/api.md): the query
 * takes `page_size` (default 20, at most 100) and `cursor` (the previous
 * page's `next_cursor`, with the same filters), the answer carries `has_more`
 * and `next_cursor`. Cursors are keyset positions (src/modules/cursor.ts):
 * a page costs what the first one does, and records added between pages are
 * neither skipped nor repeated. test/http/list-paging.test.ts holds every list
 * route of the table to it.
 */
export const PageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(PAGE_SIZE_MAX)
  .default(PAGE_SIZE_DEFAULT)
  .describe(`Items per page, 1 to ${PAGE_SIZE_MAX}; default ${PAGE_SIZE_DEFAULT}.`);
export const PageCursor = z.string().max(500).optional().describe('next_cursor of the previous page; send the same filters.');

/** The paging fields of a list's query, to spread into its schema: `z.object({ ...pageQuery, agent_id })`. */
export const pageQuery = { page_size: PageSize, cursor: PageCursor };
/** The paging fields of a list's answer. */
export const pageFields = {
  has_more: z.boolean().describe('Whether another page follows.'),
  next_cursor: z.string().nullable().describe('Send it as cursor (with the same filters) for the next page; null on the last.'),
};

export const PageQuery = z.object(pageQuery).strict().openapi('PageQuery');
export interface Page {
  page_size: number;
  cursor?: string;
}

export interface PageOf<T> {
  items: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Cursor positions carry a timestamp; lists ordered by id alone put the epoch there. */
const NO_TIME = new Date(0).toISOString();

/**
 * One page of `entity` rows matching `where`, ordered by id (ids are
 * time-ordered: `desc` is newest first). `list` names the listing and
 * `filters` its filters: a cursor made for one is refused by another.
 */
export async function findPage<T extends { id: string }>(
  em: Em,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  page: Page,
  options: { list: string; order: 'asc' | 'desc'; filters?: Record<string, unknown> },
): Promise<PageOf<T>> {
  const fingerprint = filterFingerprint({ list: options.list, ...options.filters });
  const after = page.cursor ? decodeCursor(page.cursor, fingerprint) : undefined;
  const rows = await em.find(
    entity,
    {
      $and: [where, ...(after ? [{ id: { [options.order === 'asc' ? '$gt' : '$lt']: after.id } }] : [])],
    } as FilterQuery<T>,
    { orderBy: { id: options.order } as never, limit: page.page_size + 1 },
  );
  return slicePage(rows, page.page_size, (row) => row.id, fingerprint);
}

/**
 * One page of a list already in memory and sorted by a unique `keyOf` (a
 * catalog: voices, integrations; members and roles, a few per organization).
 * The cursor names the last key, so the next page starts after it even if
 * items were added before it.
 */
export function pageInMemory<T>(sorted: T[], keyOf: (item: T) => string, page: Page, options: { list: string; filters?: Record<string, unknown> }): PageOf<T> {
  const fingerprint = filterFingerprint({ list: options.list, ...options.filters });
  const after = page.cursor ? decodeCursor(page.cursor, fingerprint).id : undefined;
  const start = after === undefined ? 0 : sorted.findIndex((item) => keyOf(item) > after);
  const rest = start < 0 ? [] : sorted.slice(start, start + page.page_size + 1);
  return slicePage(rest, page.page_size, keyOf, fingerprint);
}

/** `rows` fetched one past the page size: the page, whether more follow, and the cursor after the last. */
export function slicePage<T>(rows: T[], pageSize: number, keyOf: (row: T) => string, fingerprint: string): PageOf<T> {
  const hasMore = rows.length > pageSize;
  const items = hasMore ? rows.slice(0, pageSize) : rows;
  const last = items.at(-1);
  return {
    items,
    has_more: hasMore,
    next_cursor: hasMore && last !== undefined ? encodeCursor({ t: NO_TIME, id: keyOf(last) }, fingerprint) : null,
  };
}

/** A whole listing (the callers that need every item: the dashboard, the CLI): pages until the last. */
export async function allPages<T>(read: (page: Page) => Promise<PageOf<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await read({ page_size: PAGE_SIZE_MAX, cursor });
    all.push(...page.items);
    if (!page.has_more || !page.next_cursor) return all;
    cursor = page.next_cursor;
  }
}

/** A list's answer: its items under their name, and the paging fields. */
export function listAnswer<K extends string, T>(name: K, page: PageOf<T>): { [P in K]: T[] } & { has_more: boolean; next_cursor: string | null } {
  return { [name]: page.items, has_more: page.has_more, next_cursor: page.next_cursor } as { [P in K]: T[] } & {
    has_more: boolean;
    next_cursor: string | null;
  };
}
