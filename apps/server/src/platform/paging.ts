import { HEADER_TOTAL_COUNT, type PageQuery } from '@vellum/contract';
import { asc, type Column, desc, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { invalidField } from './errors.js';

export interface PageRequest {
  limit: number;
  offset: number;
  orderBy: SQL[];
  /** The order as text (`login,asc;lastName,desc`), naming a statement prepared for it. */
  sortKey: string;
}

/**
 * Turns `page,size,sort` into limit, offset and order; only the listed fields sort, an unknown
 * one is a 400. The tie-breaker keeps pages stable.
 */
export function pageRequest(q: PageQuery, sortable: Record<string, Column>, tieBreaker: Column): PageRequest {
  const orderBy: SQL[] = [];
  const keys: string[] = [];
  for (const s of q.sort) {
    const [field, dir] = s.split(',');
    const col = sortable[field];
    if (!col) throw invalidField('query', 'sort', 'Pattern');
    const descending = dir?.toLowerCase() === 'desc';
    orderBy.push(descending ? desc(col) : asc(col));
    keys.push(`${field},${descending ? 'desc' : 'asc'}`);
  }
  orderBy.push(asc(tieBreaker));
  return { limit: q.size, offset: q.page * q.size, orderBy, sortKey: keys.join(';') };
}

/** A users-style page: the array, with the total in x-total-count. */
export function sendPage<T>(reply: FastifyReply, items: T[], total: number): T[] {
  reply.header(HEADER_TOTAL_COUNT, String(total));
  return items;
}

/** A search-style page: {items, pageable}. */
export function pageOf<T>(items: T[], total: number, q: PageQuery) {
  return {
    items,
    pageable: { pageNumber: q.page, pageSize: q.size, totalPages: Math.ceil(total / q.size), totalElements: total },
  };
}
