import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { passwordChecks } from '@vellum/contract';
import { useTranslation } from 'react-i18next';

/** The live list of password rules, each ticked when the typed password meets it. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={2} center aria-label={t('components.password.rules')}>
      {passwordChecks.map((check) => {
        const ok = check.test(password);
        return (
          <List.Item
            key={check.key}
            c={ok ? 'teal.8' : 'dimmed'}
            icon={
              <ThemeIcon size={16} radius="xl" color={ok ? 'teal' : 'gray'} variant={ok ? 'filled' : 'light'}>
                {ok ? <IconCheck size={11} aria-hidden /> : <IconX size={11} aria-hidden />}
              </ThemeIcon>
            }
          >
            {t(`components.password.${check.key}`)}
            <VisuallyHidden>{ok ? ` (${t('components.password.met')})` : ` (${t('components.password.notMet')})`}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}
