import { Navigate, Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { UnitProductGroupListPage } from './UnitProductGroupListPage';
import { UnitProductListPage } from './UnitProductListPage';

/** /my-business-units/{id}/product-management/*: the products and product groups of every product type of the unit. */
export function UnitProductManagementRoutes() {
  const unit = Number(useParams().businessUnitId);
  if (!Number.isInteger(unit) || unit <= 0) return <NotFoundPage />;
  return (
    <Routes>
      <Route index element={<Navigate to="products" replace />} />
      <Route path="products" element={<UnitProductListPage />} />
      <Route path="product-groups" element={<UnitProductGroupListPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
