import { Center, Loader } from '@mantine/core';
import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useParams } from 'react-router';
import { NotAuthorizedPage } from '../../components/NotAuthorizedPage';
import { NotFoundPage } from '../../components/NotFoundPage';
import { lazyPage } from '../../platform/lazyPage';
import { useFeatureSwitchesQuery } from '../../platform/queries';
import { ProductTypeListPage } from './ProductTypeListPage';
import { type ProductTypeScope, scopeOf } from './productTypeScope';

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

/**
 * /general-settings/manufacturer-product-type/*: the global product types (business unit 0), only
 * while the manufacturer's global search is on (document 000 section 6); otherwise the page is not
 * authorized, as the server answers 403 to every call on them (docs/decisions/0018).
 */
export function GlobalProductTypeRoutes() {
  const { t } = useTranslation();
  const features = useFeatureSwitchesQuery();
  if (features.isPending) {
    return (
      <Center h="50vh">
        <Loader aria-label={t('global.loading')} />
      </Center>
    );
  }
  if (!features.data?.globalSearch) return <NotAuthorizedPage />;
  return <ProductTypeRoutes scope={scopeOf(GLOBAL_BUSINESS_UNIT_ID)} />;
}
