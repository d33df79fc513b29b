import { Navigate, Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ProductEditPage } from './ProductEditPage';
import { ProductGroupEditPage } from './ProductGroupEditPage';
import { ProductGroupListPage } from './ProductGroupListPage';
import { ProductListPage } from './ProductListPage';
import { useProductTypeDetails } from './products.hooks';

/**
 * /my-business-units/:businessUnitId/product-types/:productTypeId/product-management/*: the products
 * and product groups of a product type (lists, new, detail); the empty path opens the products.
 */
export function ProductManagementRoutes() {
  const params = useParams();
  const unitId = Number(params.businessUnitId);
  const typeId = Number(params.productTypeId);
  const valid = Number.isInteger(unitId) && Number.isInteger(typeId) && typeId > 0;
  const type = useProductTypeDetails(valid ? typeId : undefined);
  if (!valid) return <NotFoundPage />;
  if (type.isPending) return <PageLoader />;
  if (type.error) return <LoadError error={type.error} onRetry={() => void type.refetch()} />;
  // a product type of another business unit is not found here
  if (type.data.businessUnitId !== unitId) return <NotFoundPage />;
  const t = type.data;
  return (
    <Routes>
      <Route index element={<Navigate to="products" replace />} />
      <Route path="products" element={<ProductListPage type={t} />} />
      <Route path="products/new" element={<ProductEditPage type={t} />} />
      <Route path="products/:productId" element={<ProductEditPage type={t} />} />
      <Route path="product-groups" element={<ProductGroupListPage type={t} />} />
      <Route path="product-groups/new" element={<ProductGroupEditPage type={t} />} />
      <Route path="product-groups/:productGroupId" element={<ProductGroupEditPage type={t} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
