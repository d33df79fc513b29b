import type { AccessRight } from '@vellum/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES } from '../../platform/queries';
import {
  accountMenu,
  administrationMenu,
  backendConfigurationMenu,
  generalSettingsMenu,
  topBarLinks,
  websiteConfigurationMenu,
} from './menuModel';

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
      ['manufacturer-management', ['business-units', 'manufacturer-settings', 'notification-preview']],
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

  it('configuration export for CONFIG_EXPORT, between the settings and the notification preview', () => {
    expect(ids(generalSettingsMenu(holding(['CONFIG_EXPORT']), DEFAULT_FEATURES))).toEqual([
      ['manufacturer-management', ['config-export']],
    ]);
    expect(ids(generalSettingsMenu(holding(['CONFIG_EXPORT', 'MANUFACTURER_MANAGE']), DEFAULT_FEATURES))).toEqual([
      ['manufacturer-management', ['manufacturer-settings', 'config-export', 'notification-preview']],
    ]);
  });

  it('is empty for a viewer, and rights held only in a business unit do not count', () => {
    expect(generalSettingsMenu(holding(['ROLE_USER', 'PRODUCT_READ']), DEFAULT_FEATURES)).toEqual([]);
    expect(generalSettingsMenu(holding([], { 3: ['USER_MANAGE'] }), DEFAULT_FEATURES)).toEqual([]);
  });
});

describe('generalSettingsMenu: catalogue entries', () => {
  it('product search under manufacturer management with PRODUCT_SEARCH_ADMIN', () => {
    expect(ids(generalSettingsMenu(holding(['PRODUCT_SEARCH_ADMIN']), DEFAULT_FEATURES))).toEqual([
      ['manufacturer-management', ['product-search']],
    ]);
    expect(generalSettingsMenu(holding([], { 3: ['PRODUCT_SEARCH_ADMIN'] }), DEFAULT_FEATURES)).toEqual([]);
  });

  it('global product types in a global-search section, only while global search is on and with PRODUCT_TYPE_MANAGE globally', () => {
    const on = { ...DEFAULT_FEATURES, globalSearch: true };
    expect(generalSettingsMenu(holding(['PRODUCT_TYPE_MANAGE']), on)).toEqual([
      {
        id: 'global-search',
        labelKey: 'shell.menu.globalSearch',
        items: [
          { id: 'manufacturer-product-type', labelKey: 'shell.menu.globalProductTypes', to: '/general-settings/manufacturer-product-type' },
        ],
      },
    ]);
    expect(generalSettingsMenu(holding(['PRODUCT_TYPE_MANAGE']), DEFAULT_FEATURES)).toEqual([]);
    expect(generalSettingsMenu(holding([], { 3: ['PRODUCT_TYPE_MANAGE'] }), on)).toEqual([]);
  });
});

describe('backendConfigurationMenu', () => {
  it('document types with DOCUMENT_TYPE_MANAGE, document attributes with DOCUMENT_ATTRIBUTE_MANAGE, in that business unit', () => {
    const both = holding([], { 3: ['DOCUMENT_TYPE_MANAGE', 'DOCUMENT_ATTRIBUTE_MANAGE'] });
    expect(backendConfigurationMenu(both, DEFAULT_FEATURES, 3)).toEqual([
      { id: 'document-type', labelKey: 'shell.menu.documentTypes', to: '/my-business-units/3/backend-configuration/document-type' },
      {
        id: 'document-attribute',
        labelKey: 'shell.menu.documentAttributes',
        to: '/my-business-units/3/backend-configuration/document-attribute',
      },
    ]);
    expect(backendConfigurationMenu(both, DEFAULT_FEATURES, 4)).toEqual([]);
    expect(backendConfigurationMenu(holding([], { 3: ['DOCUMENT_READ', 'DOCUMENT_MANAGE'] }), DEFAULT_FEATURES, 3)).toEqual([]);
  });

  it('product types with PRODUCT_TYPE_MANAGE, product remarks with PRODUCT_REMARK_MANAGE, in that business unit', () => {
    const both = holding([], { 3: ['PRODUCT_TYPE_MANAGE', 'PRODUCT_REMARK_MANAGE'] });
    expect(backendConfigurationMenu(both, DEFAULT_FEATURES, 3)).toEqual([
      {
        id: 'product-type',
        labelKey: 'shell.menu.productTypeConfiguration',
        to: '/my-business-units/3/backend-configuration/product-type',
      },
      { id: 'product-remark', labelKey: 'shell.menu.productRemarks', to: '/my-business-units/3/backend-configuration/product-remark' },
    ]);
    expect(backendConfigurationMenu(holding([], { 3: ['PRODUCT_REMARK_MANAGE'] }), DEFAULT_FEATURES, 3).map((i) => i.id)).toEqual([
      'product-remark',
    ]);
    expect(backendConfigurationMenu(both, DEFAULT_FEATURES, 4)).toEqual([]);
    expect(backendConfigurationMenu(holding([], { 3: ['PRODUCT_READ', 'PRODUCT_MANAGE'] }), DEFAULT_FEATURES, 3)).toEqual([]);
  });
});

describe('topBarLinks', () => {
  it('documents with DOCUMENT_READ or DOCUMENT_MANAGE in the business unit', () => {
    for (const right of ['DOCUMENT_READ', 'DOCUMENT_MANAGE'] as AccessRight[]) {
      expect(topBarLinks(holding([], { 5: [right] }), DEFAULT_FEATURES, 5)).toEqual([
        { id: 'documents', labelKey: 'shell.menu.documents', to: '/my-business-units/5/document-management' },
      ]);
    }
    expect(topBarLinks(holding([], { 6: ['DOCUMENT_READ'] }), DEFAULT_FEATURES, 5)).toEqual([]);
  });

  it('product types with any of PRODUCT_READ, PRODUCT_MANAGE, PRODUCT_TYPE_MANAGE in the business unit', () => {
    for (const right of ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_TYPE_MANAGE'] as AccessRight[]) {
      expect(topBarLinks(holding([], { 5: [right] }), DEFAULT_FEATURES, 5)).toEqual([
        { id: 'product-types', labelKey: 'shell.menu.productTypes', to: '/my-business-units/5/product-types' },
      ]);
    }
    expect(topBarLinks(holding([], { 6: ['PRODUCT_READ'] }), DEFAULT_FEATURES, 5)).toEqual([]);
    expect(topBarLinks(holding([], { 5: ['DOCUMENT_TYPE_MANAGE', 'PRODUCT_REMARK_MANAGE'] }), DEFAULT_FEATURES, 5)).toEqual([]);
  });
});

describe('administrationMenu', () => {
  it('archived lot ranges with PRODUCT_READ or PRODUCT_MANAGE in that business unit', () => {
    const lotRanges = {
      id: 'archived-data-lot-ranges',
      labelKey: 'shell.menu.archivedLotRanges',
      to: '/my-business-units/3/administration/archived-data-lot-ranges',
    };
    expect(administrationMenu(holding([], { 3: ['PRODUCT_READ'] }), DEFAULT_FEATURES, 3)).toEqual([lotRanges]);
    expect(administrationMenu(holding([], { 3: ['PRODUCT_MANAGE', 'AUDIT_LOG_ALL_READ'] }), DEFAULT_FEATURES, 3).map((i) => i.id)).toEqual([
      'audit-logs',
      'archived-data-lot-ranges',
    ]);
    expect(administrationMenu(holding([], { 4: ['PRODUCT_READ'] }), DEFAULT_FEATURES, 3)).toEqual([]);
  });

  it('audit logs with either audit right in that business unit', () => {
    expect(administrationMenu(holding([], { 3: ['AUDIT_LOG_PUBLISH_READ', 'PUBLISH'] }), DEFAULT_FEATURES, 3)).toEqual([
      { id: 'audit-logs', labelKey: 'shell.menu.auditLogs', to: '/my-business-units/3/administration/audit-logs' },
    ]);
    expect(administrationMenu(holding([], { 4: ['AUDIT_LOG_ALL_READ'] }), DEFAULT_FEATURES, 3)).toEqual([]);
    expect(administrationMenu(holding(['AUDIT_LOG_ALL_READ']), DEFAULT_FEATURES, 3)).toHaveLength(1);
  });
});

describe('website statistics (issue 12)', () => {
  it('under administration with DOCUMENT_DOWNLOADS in that business unit, after the audit logs', () => {
    expect(administrationMenu(holding([], { 3: ['DOCUMENT_DOWNLOADS'] }), DEFAULT_FEATURES, 3)).toEqual([
      { id: 'website-stats', labelKey: 'shell.menu.websiteStats', to: '/my-business-units/3/administration/website-stats' },
    ]);
    expect(
      administrationMenu(holding([], { 3: ['DOCUMENT_DOWNLOADS', 'AUDIT_LOG_ALL_READ', 'DOCUMENT_READ'] }), DEFAULT_FEATURES, 3).map(
        (i) => i.id,
      ),
    ).toEqual(['audit-logs', 'website-stats', 'archived-data-documents', 'retention']);
    expect(administrationMenu(holding([], { 4: ['DOCUMENT_DOWNLOADS'] }), DEFAULT_FEATURES, 3)).toEqual([]);
    expect(administrationMenu(holding([], { 3: ['AUDIT_LOG_ALL_READ', 'PUBLISH'] }), DEFAULT_FEATURES, 3).map((i) => i.id)).toEqual([
      'audit-logs',
    ]);
  });
});

describe('retention (issue 22)', () => {
  it('under administration with a document right in that business unit, last', () => {
    const retention = { id: 'retention', labelKey: 'shell.menu.retention', to: '/my-business-units/3/administration/retention' };
    expect(administrationMenu(holding([], { 3: ['DOCUMENT_DELETE'] }), DEFAULT_FEATURES, 3)).toEqual([retention]);
    expect(administrationMenu(holding([], { 4: ['DOCUMENT_READ'] }), DEFAULT_FEATURES, 3)).toEqual([]);
  });
});

describe('publishing (issue 11)', () => {
  it('Publish in the top bar with PUBLISH in that business unit, and only then', () => {
    expect(topBarLinks(holding([], { 3: ['PUBLISH'] }), DEFAULT_FEATURES, 3)).toEqual([
      { id: 'publish', labelKey: 'shell.menu.publish', to: '/my-business-units/3/publish' },
    ]);
    expect(topBarLinks(holding([], { 4: ['PUBLISH'] }), DEFAULT_FEATURES, 3)).toEqual([]);
    expect(
      topBarLinks(holding([], { 3: ['PRODUCT_MANAGE', 'DOCUMENT_MANAGE', 'AUDIT_LOG_ALL_READ'] }), DEFAULT_FEATURES, 3).map((i) => i.id),
    ).toEqual(['product-types', 'documents']);
  });

  it('the publications under administration for AUDIT_LOG_PUBLISH_READ without PUBLISH (read-only history)', () => {
    expect(administrationMenu(holding([], { 3: ['AUDIT_LOG_PUBLISH_READ'] }), DEFAULT_FEATURES, 3).map((i) => [i.id, i.to])).toEqual([
      ['audit-logs', '/my-business-units/3/administration/audit-logs'],
      ['publications', '/my-business-units/3/publish'],
    ]);
    expect(administrationMenu(holding([], { 3: ['AUDIT_LOG_PUBLISH_READ', 'PUBLISH'] }), DEFAULT_FEATURES, 3).map((i) => i.id)).toEqual([
      'audit-logs',
    ]);
    expect(administrationMenu(holding([], { 3: ['AUDIT_LOG_ALL_READ'] }), DEFAULT_FEATURES, 3).map((i) => i.id)).toEqual(['audit-logs']);
  });
});

describe('paper copy requests (issue 12)', () => {
  it('under administration with DOCUMENT_MANAGE in that business unit, not with DOCUMENT_READ alone', () => {
    expect(administrationMenu(holding([], { 3: ['DOCUMENT_MANAGE'] }), DEFAULT_FEATURES, 3).map((i) => [i.id, i.to])).toEqual([
      ['archived-data-documents', '/my-business-units/3/administration/archived-data-documents'],
      ['paper-copy-requests', '/my-business-units/3/administration/paper-copy-requests'],
      ['retention', '/my-business-units/3/administration/retention'],
    ]);
    expect(administrationMenu(holding([], { 3: ['DOCUMENT_READ'] }), DEFAULT_FEATURES, 3).map((i) => i.id)).toEqual([
      'archived-data-documents',
      'retention',
    ]);
    expect(administrationMenu(holding([], { 4: ['DOCUMENT_MANAGE'] }), DEFAULT_FEATURES, 3)).toEqual([]);
    expect(administrationMenu(holding(['DOCUMENT_MANAGE']), DEFAULT_FEATURES, 3).map((i) => i.id)).toContain('paper-copy-requests');
  });
});

describe('accountMenu', () => {
  it('offers the password page only for username/password sign-in', () => {
    expect(accountMenu('USERNAME_PASSWORD').map((i) => i.id)).toEqual(['settings', 'password', 'logout']);
    expect(accountMenu('AUTHORIZATION_CODE_FLOW').map((i) => i.id)).toEqual(['settings', 'logout']);
  });
});

describe('regions and languages (issue 9)', () => {
  it('website regions and languages under website configuration, document regions and languages under backend configuration', () => {
    const unit = holding([], {
      3: ['INTERFACE_REGION_MANAGE', 'INTERFACE_LANGUAGE_MANAGE', 'DOCUMENT_REGION_MANAGE', 'DOCUMENT_LANGUAGE_MANAGE'],
    });
    expect(websiteConfigurationMenu(unit, DEFAULT_FEATURES, 3).map((i) => i.to)).toEqual([
      '/my-business-units/3/website-configuration/region',
      '/my-business-units/3/website-configuration/language',
    ]);
    expect(backendConfigurationMenu(unit, DEFAULT_FEATURES, 3).map((i) => i.id)).toEqual(['document-region', 'language-group']);
    expect(websiteConfigurationMenu(unit, DEFAULT_FEATURES, 4)).toEqual([]);
    expect(websiteConfigurationMenu(holding([], { 3: ['INTERFACE_LANGUAGE_MANAGE'] }), DEFAULT_FEATURES, 3).map((i) => i.id)).toEqual([
      'interface-language',
    ]);
  });

  it('manufacturer regions and languages in general settings, by rights in unit 0', () => {
    const global = holding([], { 0: ['DOCUMENT_REGION_MANAGE', 'INTERFACE_LANGUAGE_MANAGE'] });
    expect(ids(generalSettingsMenu(global, DEFAULT_FEATURES))).toEqual([
      ['manufacturer-website', ['manufacturer-regions', 'manufacturer-languages']],
    ]);
    expect(generalSettingsMenu(holding([], { 3: ['DOCUMENT_REGION_MANAGE'] }), DEFAULT_FEATURES)).toEqual([]);
  });
});
