import { describe, expect, it } from 'vitest';
import { breadcrumbScope } from './breadcrumbScope';

describe('breadcrumbScope', () => {
  it('has no scope outside a business unit', () => {
    expect(breadcrumbScope('/my-business-units')).toEqual({ scope: 'none' });
    expect(breadcrumbScope('/general-settings/role')).toEqual({ scope: 'none' });
    expect(breadcrumbScope('/my-business-units/abc')).toEqual({ scope: 'none' });
  });

  it('is the business unit under /my-business-units/{id}', () => {
    expect(breadcrumbScope('/my-business-units/7')).toEqual({ scope: 'business-unit', businessUnitId: 7 });
    expect(breadcrumbScope('/my-business-units/7/administration/audit-logs')).toEqual({ scope: 'business-unit', businessUnitId: 7 });
    expect(breadcrumbScope('/my-business-units/7/product-types')).toEqual({ scope: 'business-unit', businessUnitId: 7 });
  });

  it('adds the product type under product-types/{id}', () => {
    expect(breadcrumbScope('/my-business-units/7/product-types/12/product-management/products')).toEqual({
      scope: 'product-type',
      businessUnitId: 7,
      productTypeId: 12,
    });
    expect(breadcrumbScope('/my-business-units/7/product-types/12')).toEqual({
      scope: 'product-type',
      businessUnitId: 7,
      productTypeId: 12,
    });
  });

  it('keeps the business-unit scope in the product-type configuration', () => {
    expect(breadcrumbScope('/my-business-units/7/backend-configuration/product-type/12')).toEqual({
      scope: 'business-unit',
      businessUnitId: 7,
    });
    expect(breadcrumbScope('/general-settings/manufacturer-product-type/12')).toEqual({ scope: 'none' });
  });
});
