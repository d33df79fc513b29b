import {
  DOWNLOAD_STATS_DAILY_MAX_DAYS,
  DOWNLOAD_STATS_TOP_DOCUMENTS,
  type DocumentDownload,
  type DocumentDownloadStats,
  type documentDownloadListQuery,
  type documentDownloadStatsQuery,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { pageOf, pageRequest } from '../../platform/paging.js';
import * as repo from './document-downloads.repo.js';

type ListQuery = z.output<typeof documentDownloadListQuery>;
type StatsQuery = z.output<typeof documentDownloadStatsQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The unit's statistics card: every download, and this calendar month's (UTC). */
export async function unitDownloadCounts(db: DbOrTx, businessUnitId: number) {
  const now = new Date();
  const { total, recent } = await repo.countUnitDownloads(
    db,
    businessUnitId,
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  );
  return { totalDownloads: total, downloadsThisMonth: recent };
}

/** The days asked for as instants: from midnight UTC of `from` to midnight after `to`. */
function rangeOf(q: { 'business-unit': number; from?: string; to?: string }): repo.DownloadFilter {
  return {
    businessUnitId: q['business-unit'],
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    until: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

function toDownload(r: repo.DocumentDownloadRow): DocumentDownload {
  return {
    id: r.id,
    at: r.at.toISOString(),
    businessUnitId: r.businessUnitId,
    publicationNumber: r.publicationNumber,
    productTypeId: r.productTypeId,
    productTypeName: r.productTypeName,
    keyCode: r.keyCode,
    audience: r.audience === 'PATIENT' ? 'PATIENT' : 'HCP',
    documentId: r.documentId,
    documentNumber: r.documentNumber,
    documentName: r.documentName,
    fileId: r.fileId,
    fileName: r.fileName,
    fileVersionId: r.fileVersionId,
    version: r.version,
    versionDate: r.versionDate,
    country: r.country,
    language: r.language,
  };
}

/** A page of the unit's download records in the range, newest first unless sorted otherwise. */
export async function listDownloads(deps: Deps, q: ListQuery) {
  const page = pageRequest(q.sort.length ? q : { ...q, sort: ['at,desc', 'id,desc'] }, repo.downloadSortable, repo.downloadSortable.id);
  const { rows, total } = await repo.listDownloads(deps.db, rangeOf(q), page);
  return pageOf(rows.map(toDownload), total, q);
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthOf = (i: number) => `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;

/**
 * The downloads per day of the range, zeros included; per month when the range is longer than
 * DOWNLOAD_STATS_DAILY_MAX_DAYS. Monthly series start and end with the data (a range of decades
 * would otherwise be hundreds of empty months).
 */
function overTime(perDay: { day: string; count: number }[], from: string, to: string) {
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days <= DOWNLOAD_STATS_DAILY_MAX_DAYS) {
    const counts = new Map(perDay.map((d) => [d.day, d.count]));
    const series = [];
    for (let d = dayNumber(from); d <= dayNumber(to); d++) series.push({ period: dayOf(d), count: counts.get(dayOf(d)) ?? 0 });
    return { bucket: 'day' as const, series };
  }
  const counts = new Map<number, number>();
  for (const d of perDay) counts.set(monthIndex(d.day), (counts.get(monthIndex(d.day)) ?? 0) + d.count);
  const series = [];
  if (perDay.length) {
    const first = monthIndex(perDay[0].day);
    const last = monthIndex(perDay[perDay.length - 1].day);
    for (let m = first; m <= last; m++) series.push({ period: monthOf(m), count: counts.get(m) ?? 0 });
  }
  return { bucket: 'month' as const, series };
}

/** Totals and breakdowns of the unit's downloads in the range (all time without one). */
export async function downloadStats(deps: Deps, q: StatsQuery): Promise<DocumentDownloadStats> {
  const businessUnitId = q['business-unit'];
  const c = await repo.countDownloads(deps.db, rangeOf(q), DOWNLOAD_STATS_TOP_DOCUMENTS);
  const [typeNames, docNames] = await Promise.all([
    repo.productTypeNames(
      deps.db,
      businessUnitId,
      c.byProductType.map((t) => t.id),
    ),
    repo.documentNames(
      deps.db,
      businessUnitId,
      c.byDocument.map((d) => d.id),
    ),
  ]);
  const from = q.from ?? c.perDay[0]?.day ?? q.to ?? null;
  const to = q.to ?? c.perDay[c.perDay.length - 1]?.day ?? q.from ?? null;
  const time = from && to ? overTime(c.perDay, from, to) : { bucket: 'day' as const, series: [] };
  return {
    from,
    to,
    total: c.total,
    bucket: time.bucket,
    overTime: time.series,
    byCountry: c.byCountry,
    byLanguage: c.byLanguage,
    byAudience: c.byAudience,
    byProductType: c.byProductType.map((t) => ({ id: t.id, name: typeNames.get(t.id) ?? '', count: t.count })),
    byDocument: c.byDocument.map((d) => ({
      id: d.id,
      number: docNames.get(d.id)?.number ?? null,
      name: docNames.get(d.id)?.name ?? '',
      count: d.count,
    })),
  };
}
