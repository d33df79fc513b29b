import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useManagementInfo } from './queries';

/** A corner ribbon outside production (management/info activeProfiles without 'prod'). */
export function DevRibbon() {
  const { t } = useTranslation();
  const info = useManagementInfo();
  if (!info.data || info.data.activeProfiles.includes('prod')) return null;
  return (
    <Box
      data-testid="dev-ribbon"
      role="note"
      style={{
        position: 'fixed',
        left: -40,
        bottom: 40,
        width: 180,
        transform: 'rotate(45deg)',
        background: 'rgba(201, 42, 42, 0.85)',
        color: 'white',
        textAlign: 'center',
        fontSize: 11,
        fontWeight: 700,
        letterSpacing: 1,
        textTransform: 'uppercase',
        padding: '3px 0',
        zIndex: 400,
        pointerEvents: 'none',
        boxShadow: '0 1px 3px rgba(0,0,0,0.3)',
      }}
    >
      {t('shell.ribbon.development')}
    </Box>
  );
}
