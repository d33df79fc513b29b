import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import { Route, Routes, useParams } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { NotFoundPage } from '../errors/NotFoundPage';
import { ProductTypeListPage } from './ProductTypeListPage';
import { type ProductTypeScope, scopeOf } from './productTypePaths';

// the attribute editor (drag and drop) loads with the edit page only, not with the list
const ProductTypeEditPage = lazyPage(() => import('./ProductTypeEditPage'), 'ProductTypeEditPage');

function ProductTypeRoutes({ scope }: { scope: ProductTypeScope }) {
  return (
    <Routes>
      <Route index element={<ProductTypeListPage scope={scope} />} />
      <Route path="new" element={<ProductTypeEditPage scope={scope} />} />
      <Route path=":productTypeId" element={<ProductTypeEditPage scope={scope} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** /my-business-units/{id}/backend-configuration/product-type/*: the unit's product types, new, and a type's detail. */
export function BusinessUnitProductTypeRoutes() {
  const { businessUnitId } = useParams();
  const unit = Number(businessUnitId);
  if (!Number.isInteger(unit) || unit <= 0) return <NotFoundPage />;
  return <ProductTypeRoutes scope={scopeOf(unit)} />;
}

/** /general-settings/manufacturer-product-type/*: the global product types (business unit 0). */
export function GlobalProductTypeRoutes() {
  return <ProductTypeRoutes scope={scopeOf(GLOBAL_BUSINESS_UNIT_ID)} />;
}
