import {
  Button,
  Card,
  type MantineColorScheme,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { meQuery } from '../../api/people.ts';
import { tenantOfBase, useSession } from '../../api/session.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { SIGNED_OUT_STATE } from '../../components/layout/user-menu.tsx';
import { Page } from '../../components/page.tsx';

export function Component() {
  const { t } = useTranslation('settings');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const session = useSession();
  const { data: me } = useQuery(meQuery());
  const navigate = useNavigate();

  return (
    <Page title={t('title')}>
      <Card withBorder maw={640}>
        <Stack gap="xs">
          <Title order={2} size="h4" id="settings-language">
            {t('language')}
          </Title>
          <LanguageSwitch labelledBy="settings-language" />
          <Text size="sm" c="dimmed">
            {t('languageHint')}
          </Text>
        </Stack>
      </Card>

      <Card withBorder maw={640}>
        <Stack gap="xs">
          <Title order={2} size="h4" id="settings-scheme">
            {t('colorScheme')}
          </Title>
          <SegmentedControl
            aria-labelledby="settings-scheme"
            value={colorScheme}
            onChange={(v) => setColorScheme(v as MantineColorScheme)}
            data={[
              { value: 'light', label: t('light') },
              { value: 'dark', label: t('dark') },
              { value: 'auto', label: t('auto') },
            ]}
          />
        </Stack>
      </Card>

      {session && (
        <Card withBorder maw={640}>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('signedIn')}
            </Title>
            <Table variant="vertical" layout="fixed" withRowBorders={false}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={180}>{t('practice')}</Table.Th>
                  <Table.Td data-testid="settings-practice">
                    {me?.tenant ?? tenantOfBase(session.base)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('address')}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{session.base}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('user')}</Table.Th>
                  <Table.Td data-testid="settings-user">
                    {me ? [me.givenname, me.familyname].filter(Boolean).join(' ') || me.username : '…'}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('method')}</Table.Th>
                  <Table.Td>
                    {session.auth.kind === 'basic'
                      ? t('methodBasic', { user: session.auth.user })
                      : t('methodKey')}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('kept')}</Table.Th>
                  <Table.Td>{session.remember ? t('remembered') : t('notRemembered')}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Button
              variant="default"
              w="fit-content"
              onClick={() => void navigate('/sign-in', { state: SIGNED_OUT_STATE })}
            >
              {t('signOut')}
            </Button>
          </Stack>
        </Card>
      )}
    </Page>
  );
}
