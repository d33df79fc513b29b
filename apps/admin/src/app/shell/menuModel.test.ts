import type { AccessRight } from '@vellum/contract';
import { describe, expect, it } from 'vitest';
import { accountMenu, administrationMenu, generalSettingsMenu } from './menuModel';
import { DEFAULT_FEATURES } from './queries';

const holding =
  (general: AccessRight[], byUnit: Record<number, AccessRight[]> = {}) =>
  (right: AccessRight, unit = 0) =>
    general.includes(right) || (byUnit[unit]?.includes(right) ?? false);

const ids = (sections: ReturnType<typeof generalSettingsMenu>) => sections.map((s) => [s.id, s.items.map((i) => i.id)]);

describe('generalSettingsMenu (document 001 section 6)', () => {
  it('shows everything to a holder of every right', () => {
    const all: AccessRight[] = ['ROLE_MANAGE', 'USER_MANAGE', 'BUSINESS_UNIT_CREATE', 'MANUFACTURER_MANAGE'];
    expect(ids(generalSettingsMenu(holding(all), DEFAULT_FEATURES))).toEqual([
      ['access-management', ['roles', 'user-groups', 'users']],
      ['manufacturer-management', ['business-units', 'manufacturer-settings']],
    ]);
  });

  it('user groups need USER_MANAGE or ROLE_MANAGE; users USER_MANAGE; roles ROLE_MANAGE', () => {
    expect(ids(generalSettingsMenu(holding(['ROLE_MANAGE']), DEFAULT_FEATURES))).toEqual([['access-management', ['roles', 'user-groups']]]);
    expect(ids(generalSettingsMenu(holding(['USER_MANAGE']), DEFAULT_FEATURES))).toEqual([['access-management', ['user-groups', 'users']]]);
  });

  it('manufacturer settings for MANUFACTURER_READ; business units for any BUSINESS_UNIT_ create/update/delete', () => {
    expect(ids(generalSettingsMenu(holding(['MANUFACTURER_READ', 'BUSINESS_UNIT_UPDATE']), DEFAULT_FEATURES))).toEqual([
      ['manufacturer-management', ['business-units', 'manufacturer-settings']],
    ]);
  });

  it('is empty for a viewer, and rights held only in a business unit do not count', () => {
    expect(generalSettingsMenu(holding(['ROLE_USER', 'PRODUCT_READ']), DEFAULT_FEATURES)).toEqual([]);
    expect(generalSettingsMenu(holding([], { 3: ['USER_MANAGE'] }), DEFAULT_FEATURES)).toEqual([]);
  });
});

describe('administrationMenu', () => {
  it('audit logs with either audit right in that business unit', () => {
    expect(administrationMenu(holding([], { 3: ['AUDIT_LOG_PUBLISH_READ'] }), DEFAULT_FEATURES, 3)).toEqual([
      { id: 'audit-logs', labelKey: 'shell.menu.auditLogs', to: '/my-business-units/3/administration/audit-logs' },
    ]);
    expect(administrationMenu(holding([], { 4: ['AUDIT_LOG_ALL_READ'] }), DEFAULT_FEATURES, 3)).toEqual([]);
    expect(administrationMenu(holding(['AUDIT_LOG_ALL_READ']), DEFAULT_FEATURES, 3)).toHaveLength(1);
  });
});

describe('accountMenu', () => {
  it('offers the password page only for username/password sign-in', () => {
    expect(accountMenu('USERNAME_PASSWORD').map((i) => i.id)).toEqual(['settings', 'password', 'logout']);
    expect(accountMenu('AUTHORIZATION_CODE_FLOW').map((i) => i.id)).toEqual(['settings', 'logout']);
  });
});
