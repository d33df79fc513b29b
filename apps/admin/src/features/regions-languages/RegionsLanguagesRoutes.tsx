import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { regionsLanguagesPaths } from '../../paths/regionsLanguages';
import { useAuth } from '../../platform/auth';
import { LanguageGroupEditPage } from './LanguageGroupEditPage';
import { LanguageGroupListPage } from './LanguageGroupListPage';
import { LanguageListEditor } from './LanguageListEditor';
import { RegionEditPage } from './RegionEditPage';
import { RegionListPage } from './RegionListPage';
import type { RegionKind } from './regionsLanguages.hooks';

const useUnitId = () => Number(useParams().businessUnitId);

function RegionRoutes({ kind, unitId, tabs }: { kind: RegionKind; unitId: number; tabs?: React.ReactNode }) {
  return (
    <Routes>
      <Route index element={<RegionListPage kind={kind} unitId={unitId} tabs={tabs} />} />
      <Route path="new" element={<RegionEditPage kind={kind} unitId={unitId} />} />
      <Route path=":regionId" element={<RegionEditPage kind={kind} unitId={unitId} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** /my-business-units/:businessUnitId/backend-configuration/region/*: document regions. */
export function DocumentRegionRoutes() {
  return <RegionRoutes kind="document" unitId={useUnitId()} />;
}

/** /my-business-units/:businessUnitId/website-configuration/region/*: interface regions. */
export function InterfaceRegionRoutes() {
  return <RegionRoutes kind="interface" unitId={useUnitId()} />;
}

/** /my-business-units/:businessUnitId/backend-configuration/language-group/*: document languages and language groups. */
export function LanguageGroupRoutes() {
  const unitId = useUnitId();
  return (
    <Routes>
      <Route index element={<LanguageGroupListPage unitId={unitId} />} />
      <Route path="new" element={<LanguageGroupEditPage unitId={unitId} />} />
      <Route path=":groupId" element={<LanguageGroupEditPage unitId={unitId} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** /my-business-units/:businessUnitId/website-configuration/language: the website (interface) languages. */
export function WebsiteLanguagesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('regionsLanguages.languages.pageTitle')} description={t('regionsLanguages.languages.pageDescription')} />
      <LanguageListEditor kind="interface" unitId={useUnitId()} />
    </>
  );
}

function ManufacturerRegionTabs({ kind }: { kind: RegionKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs value={kind} onChange={(v) => v && navigate(regionsLanguagesPaths.regions(v as RegionKind, 0))} mb="md">
      <Tabs.List>
        <Tabs.Tab value="interface">{t('regionsLanguages.regions.interface.title')}</Tabs.Tab>
        <Tabs.Tab value="document">{t('regionsLanguages.regions.document.title')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

/** /general-settings/manufacturer-regions/*: the manufacturer-wide regions (unit 0) that units without their own inherit. */
export function ManufacturerRegionsRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="interface" replace />} />
      {(['interface', 'document'] as const).map((kind) => (
        <Route
          key={kind}
          path={`${kind}/*`}
          element={<RegionRoutes kind={kind} unitId={0} tabs={<ManufacturerRegionTabs kind={kind} />} />}
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** /general-settings/manufacturer-languages: the manufacturer-wide languages (unit 0) new units start with. */
export function ManufacturerLanguagesPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <>
      <PageHeader
        title={t('regionsLanguages.languages.manufacturerTitle')}
        description={t('regionsLanguages.languages.manufacturerDescription')}
      />
      <Stack gap="xl">
        {auth.hasRight('INTERFACE_LANGUAGE_MANAGE', 0) && <LanguageListEditor kind="interface" unitId={0} />}
        {auth.hasRight('DOCUMENT_LANGUAGE_MANAGE', 0) && <LanguageListEditor kind="document" unitId={0} />}
      </Stack>
    </>
  );
}
