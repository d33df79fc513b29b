/** The product management of a product type: its products and product groups tabs. */
export const productManagementPath = (businessUnitId: number, productTypeId: number) =>
  `/my-business-units/${businessUnitId}/product-types/${productTypeId}/product-management`;

export const productsPath = (businessUnitId: number, productTypeId: number) =>
  `${productManagementPath(businessUnitId, productTypeId)}/products`;

export const productPath = (businessUnitId: number, productTypeId: number, productId: number | 'new') =>
  `${productsPath(businessUnitId, productTypeId)}/${productId}`;

export const productGroupsPath = (businessUnitId: number, productTypeId: number) =>
  `${productManagementPath(businessUnitId, productTypeId)}/product-groups`;

export const productGroupPath = (businessUnitId: number, productTypeId: number, groupId: number | 'new') =>
  `${productGroupsPath(businessUnitId, productTypeId)}/${groupId}`;

export const remarksPath = (businessUnitId: number) => `/my-business-units/${businessUnitId}/backend-configuration/product-remark`;

/** Every product type of a business unit at once (query orphans=true or state=…): what the unit's home tiles open. */
export const unitProductManagementPath = (businessUnitId: number) => `/my-business-units/${businessUnitId}/product-management`;

export const unitProductsPath = (businessUnitId: number) => `${unitProductManagementPath(businessUnitId)}/products`;

export const unitProductGroupsPath = (businessUnitId: number) => `${unitProductManagementPath(businessUnitId)}/product-groups`;
