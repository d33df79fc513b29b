import { Avatar, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { BusinessUnit } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthImage } from '../../components/AuthImage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError } from '../../components/QueryState';
import classes from './BusinessUnits.module.css';
import { useBusinessUnits } from './businessUnits.hooks';

/** The business units the user can see, each a card opening its home. */
export function MyBusinessUnitsPage() {
  const { t } = useTranslation();
  const units = useBusinessUnits();
  const sorted = [...(units.data ?? [])].sort((a, b) => a.displayName.localeCompare(b.displayName));
  return (
    <>
      <PageHeader title={t('businessUnits.mine.title')} description={t('businessUnits.mine.description')} />
      {units.error ? (
        <LoadError error={units.error} onRetry={() => void units.refetch()} />
      ) : units.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={132} radius="sm" />
          ))}
        </SimpleGrid>
      ) : sorted.length === 0 ? (
        <Text c="dimmed">{t('businessUnits.mine.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" className={classes.cardList}>
          {sorted.map((u) => (
            <li key={u.id}>
              <UnitCard unit={u} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

function UnitCard({ unit }: { unit: BusinessUnit }) {
  const { t } = useTranslation();
  return (
    <Card
      component={Link}
      to={`/my-business-units/${unit.id}`}
      withBorder
      radius="sm"
      padding="lg"
      className={classes.unitCard}
      style={{ borderTopColor: unit.mainColor ?? undefined }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {unit.logoUrl ? (
            <AuthImage src={unit.logoUrl} alt="" h={28} w={140} />
          ) : (
            <Avatar color={unit.mainColor ?? 'teal'} radius="sm" size={36} aria-hidden>
              {unit.displayName.slice(0, 2).toUpperCase()}
            </Avatar>
          )}
          {!unit.active && (
            <Badge color="gray" variant="light" size="sm">
              {t('businessUnits.status.inactive')}
            </Badge>
          )}
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600} size="lg">
              {unit.displayName}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {unit.slug}
            </Text>
          </div>
          <IconChevronRight size={18} className={classes.chevron} aria-hidden />
        </Group>
      </Stack>
    </Card>
  );
}
