import { type businessUnitLayoutSchema, GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { imageVersion } from '../../platform/images.js';
import { toContentBlock } from './content-blocks.service.js';
import { toFooterItem } from './footer-items.service.js';
import { findUnitLayout, listContentBlocks, listFooterItems, type UnitLayoutRow } from './website-layout.repo.js';

/**
 * The look of a unit's public website as the layout page and a publish read it: the unit's own
 * values, whether each is inherited from the manufacturer-wide layout of unit 0 (decision 0028),
 * and what the site shows. The layout's changes are the business unit's (business-unit-layout.service.ts).
 */

type Layout = z.output<typeof businessUnitLayoutSchema>;

/** Where the admin reads a unit's saved logo (a new address whenever the logo changes). */
export const unitLogoUrl = (businessUnitId: number, logoKey: string | null): string | null =>
  logoKey ? `/api/business-units/${businessUnitId}/logo?v=${imageVersion(logoKey)}` : null;

/** The unit's own layout values, whether each is inherited, and what the public site shows. */
export async function layoutOf(db: DbOrTx, unit: UnitLayoutRow): Promise<Layout> {
  const logoUrl = unitLogoUrl(unit.id, unit.logoKey);
  const global = unit.id === GLOBAL_BUSINESS_UNIT_ID ? undefined : await findUnitLayout(db, GLOBAL_BUSINESS_UNIT_ID);
  const [ownFooter, ownBlocks] = await Promise.all([listFooterItems(db, unit.id), listContentBlocks(db, unit.id)]);
  const colourInherited = !!global && unit.mainColor === null;
  const inherited = {
    mainColor: colourInherited,
    highlightColor: !!global && unit.highlightColor === null,
    lightHeaderText: colourInherited,
    logo: !!global && logoUrl === null,
    footerItems: !!global && ownFooter.length === 0,
    contentBlocks: !!global && ownBlocks.length === 0,
  };
  const [footer, blocks] = await Promise.all([
    inherited.footerItems && global ? listFooterItems(db, global.id) : ownFooter,
    inherited.contentBlocks && global ? listContentBlocks(db, global.id) : ownBlocks,
  ]);
  return {
    id: unit.id,
    logoUrl,
    mainColor: unit.mainColor,
    highlightColor: unit.highlightColor,
    lightHeaderText: unit.lightHeaderText,
    headerTextTitle: unit.headerTextTitle,
    headerTextBody: unit.headerTextBody,
    oneColumnLayout: unit.oneColumnLayout,
    version: unit.version,
    inherited,
    effective: {
      mainColor: inherited.mainColor ? (global?.mainColor ?? null) : unit.mainColor,
      highlightColor: inherited.highlightColor ? (global?.highlightColor ?? null) : unit.highlightColor,
      lightHeaderText: inherited.lightHeaderText ? (global?.lightHeaderText ?? false) : unit.lightHeaderText,
      logoUrl: inherited.logo && global ? unitLogoUrl(global.id, global.logoKey) : logoUrl,
      footerItems: footer.map(toFooterItem),
      contentBlocks: blocks.map(toContentBlock),
    },
  };
}

/** The layout of a unit, or of unit 0 (the manufacturer-wide one); 404 when there is no such unit. */
export async function getLayout(deps: Pick<Deps, 'db'>, id: number): Promise<Layout> {
  const unit = await findUnitLayout(deps.db, id);
  if (!unit) throw notFound('business-unit');
  return layoutOf(deps.db, unit);
}
