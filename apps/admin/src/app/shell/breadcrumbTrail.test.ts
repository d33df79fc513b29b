import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumbTrail';

describe('breadcrumbTrail', () => {
  it('home, the unit and the product type an address names, outermost first', () => {
    expect(breadcrumbTrail('/my-business-units/1/product-types/7/product-management/products')).toEqual([
      { crumb: 'home', to: '/my-business-units', params: {} },
      { crumb: 'business-unit', to: '/my-business-units/1', params: { businessUnitId: 1 } },
      { crumb: 'product-type', to: '/my-business-units/1/product-types/7', params: { businessUnitId: 1, productTypeId: 7 } },
    ]);
  });

  it('only home outside a business unit, and no crumb for ids that are not numbers', () => {
    expect(breadcrumbTrail('/general-settings/role').map((c) => c.crumb)).toEqual(['home']);
    expect(breadcrumbTrail('/my-business-units/abc/publish').map((c) => c.crumb)).toEqual(['home']);
    expect(breadcrumbTrail('/my-business-units/2/product-types/new').map((c) => c.crumb)).toEqual(['home', 'business-unit']);
  });
});
