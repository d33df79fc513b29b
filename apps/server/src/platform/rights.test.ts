import { describe, expect, it } from 'vitest';
import { UserRights } from './rights.js';

describe('UserRights', () => {
  const rights = UserRights.fromGrants([
    { allBusinessUnits: true, businessUnitId: null, rights: ['PRODUCT_READ'] },
    { allBusinessUnits: false, businessUnitId: 3, rights: ['PRODUCT_MANAGE'] },
    { allBusinessUnits: false, businessUnitId: 0, rights: ['USER_MANAGE'] },
  ]);

  it('general rights hold in every unit, unit rights only in their unit', () => {
    expect(rights.has('PRODUCT_READ', 7)).toBe(true);
    expect(rights.has('PRODUCT_MANAGE', 3)).toBe(true);
    expect(rights.has('PRODUCT_MANAGE', 4)).toBe(false);
    expect(rights.has('USER_MANAGE')).toBe(true);
    expect(rights.has('USER_MANAGE', 3)).toBe(false);
    expect(rights.hasAnywhere('PRODUCT_MANAGE')).toBe(true);
  });

  it('every signed-in user holds ROLE_USER; all units only through an all-units group', () => {
    const none = UserRights.fromGrants([]);
    expect(none.has('ROLE_USER')).toBe(true);
    expect(none.hasAllUnits()).toBe(false);
    expect(UserRights.fromGrants([{ allBusinessUnits: true, businessUnitId: null, rights: [] }]).hasAllUnits()).toBe(true);
    expect(rights.hasAllUnits()).toBe(true);
  });

  it('a demo is within the caller only when the caller holds every right in every unit', () => {
    const viewer = UserRights.fromGrants([{ allBusinessUnits: false, businessUnitId: 3, rights: ['PRODUCT_READ'] }]);
    expect(viewer.isWithin(rights)).toBe(true);
    const manager = UserRights.fromGrants([{ allBusinessUnits: false, businessUnitId: 3, rights: ['PRODUCT_MANAGE', 'PUBLISH'] }]);
    expect(manager.isWithin(rights)).toBe(false);
    expect(rights.isWithin(viewer)).toBe(false);
    const everywhere = UserRights.fromGrants([{ allBusinessUnits: true, businessUnitId: null, rights: ['PRODUCT_READ'] }]);
    expect(everywhere.isWithin(viewer)).toBe(false);
  });

  it('cut down to a limit, rights hold only where both hold them', () => {
    const target = UserRights.fromGrants([
      { allBusinessUnits: false, businessUnitId: 3, rights: ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PUBLISH'] },
      { allBusinessUnits: false, businessUnitId: 4, rights: ['PRODUCT_MANAGE'] },
    ]);
    const cut = target.within(rights);
    expect(cut.has('PRODUCT_READ', 3)).toBe(true);
    expect(cut.has('PRODUCT_MANAGE', 3)).toBe(true);
    expect(cut.has('PUBLISH', 3)).toBe(false);
    expect(cut.has('PRODUCT_MANAGE', 4)).toBe(false);
    expect(cut.has('PRODUCT_READ', 4)).toBe(false);
    expect(cut.has('USER_MANAGE')).toBe(false);
    expect(cut.has('ROLE_USER')).toBe(true);
    expect(cut.hasAllUnits()).toBe(false);
  });
});
