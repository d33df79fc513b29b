import { Alert, Button, Group, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../api/notify';
import { useVerifyAuditChain } from './auditLogs.hooks';

/**
 * The state of the manufacturer's tamper-evident audit chain (decision 0065): not checked yet,
 * intact (how many entries), or broken at the first entry that does not match, with a button that
 * recomputes it on the server.
 */
export function AuditChainStatus({ businessUnit }: { businessUnit?: number }) {
  const { t } = useTranslation();
  const verify = useVerifyAuditChain(businessUnit);
  const result = verify.data;
  const button = (
    <Button
      size="xs"
      variant={result ? 'subtle' : 'light'}
      loading={verify.isPending}
      onClick={() => verify.mutate(undefined, { onError: handleApiError })}
    >
      {result ? t('auditLogs.chain.verifyAgain') : t('auditLogs.chain.verify')}
    </Button>
  );
  if (!result)
    return (
      <Alert variant="light" color="gray" icon={<IconShieldCheck size={18} />} data-testid="audit-chain" title={t('auditLogs.chain.title')}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('auditLogs.chain.unchecked')}</Text>
          {button}
        </Group>
      </Alert>
    );
  const broken = result.firstInvalid;
  return (
    <Alert
      variant="light"
      color={result.valid ? 'teal' : 'red'}
      icon={result.valid ? <IconShieldCheck size={18} /> : <IconShieldX size={18} />}
      data-testid="audit-chain"
      title={result.valid ? t('auditLogs.chain.valid') : t('auditLogs.chain.broken', { seq: broken?.seq })}
      role={result.valid ? undefined : 'alert'}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {result.valid
            ? t('auditLogs.chain.validText', { count: result.checked })
            : `${t(`auditLogs.chain.reason.${broken?.reason ?? 'hash'}`, { id: broken?.id, seq: broken?.seq })} ${t('auditLogs.chain.brokenText', { count: result.checked })}`}
        </Text>
        {button}
      </Group>
    </Alert>
  );
}
