import { Alert, Box, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { DocumentSearchAccess } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ConflictNotice } from '../../components/ConflictNotice';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { useBusinessUnit } from '../business-units';
import { EmailListEditor } from './EmailListEditor';
import { useDocumentSearchAccess, useSaveDocumentSearchAccess } from './restrictedAccess.hooks';

/** document-management/search-access: who may use the unit's restricted document search on the public website. */
export function DocumentSearchAccessPage() {
  const unitId = Number(useParams().businessUnitId);
  const access = useDocumentSearchAccess(unitId);
  if (access.isPending) return <PageLoader />;
  if (access.error) return <LoadError error={access.error} onRetry={() => void access.refetch()} />;
  return <SearchAccessForm unitId={unitId} access={access.data} />;
}

function SearchAccessForm({ unitId, access }: { unitId: number; access: DocumentSearchAccess }) {
  const { t } = useTranslation();
  const unit = useBusinessUnit(unitId);
  const save = useSaveDocumentSearchAccess(unitId);
  // the list as saved (or as another user saved it, after a conflict) and the edited one
  const [base, setBase] = useState(access);
  const [emails, setEmails] = useState(access.emails);
  const [conflict, setConflict] = useState(false);
  const [listError, setListError] = useState<string | undefined>();
  if (access !== base) {
    // a fresh read (after a save or a conflict) replaces the list
    setBase(access);
    setEmails(access.emails);
  }
  const dirty = emails.length !== base.emails.length || emails.some((e, i) => e !== base.emails[i]);
  const restricted = unit.data?.documentSearchRestricted;

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setConflict(false);
    setListError(undefined);
    try {
      await save.mutateAsync({ emails, version: base.version });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setConflict(true);
      const field = err instanceof ApiError ? err.problem?.fieldErrors?.find((f) => f.field.startsWith('emails')) : undefined;
      if (field) {
        const email = emails[Number(field.field.split('.')[1])];
        setListError(email ? t('restrictedAccess.emails.serverInvalid', { email }) : t('restrictedAccess.emails.serverListInvalid'));
      }
    }
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate maw={900} data-testid="search-access-form">
      <PageHeader title={t('restrictedAccess.searchAccess.title')} description={t('restrictedAccess.searchAccess.description')} />
      <Stack gap="lg">
        {restricted === false && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
            {t('restrictedAccess.searchAccess.notRestricted')}
          </Alert>
        )}
        <ConflictNotice shown={conflict} />
        <FormSection title={t('restrictedAccess.searchAccess.listTitle')}>
          <EmailListEditor
            label={t('restrictedAccess.searchAccess.listLabel')}
            value={emails}
            onChange={(next) => {
              setEmails(next);
              setListError(undefined);
            }}
            error={listError}
          />
        </FormSection>
        <FormActions saving={save.isPending} disabled={!dirty} />
      </Stack>
    </Box>
  );
}
