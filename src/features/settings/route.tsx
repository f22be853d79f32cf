import {
  Button,
  Card,
  type MantineColorScheme,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '#api/name-format.ts';
import { useSession } from '#api/session.ts';
import { meQuery } from '#api/system.ts';
import { CANTONS, readCanton, writeCanton } from '#components/closed-time/canton.ts';
import { LanguageSwitch } from '#components/language-switch.tsx';
import { navItems } from '#components/layout/nav-items.tsx';
import {
  DEFAULT_IDLE_MINUTES,
  MAX_IDLE_MINUTES,
  MIN_IDLE_MINUTES,
  useIdleSetting,
  writeIdleSetting,
} from '#components/lock/lock-store.ts';
import { Page } from '#components/page.tsx';
import { signOut } from '#components/sign-out.ts';
import { readStartPage, writeStartPage } from '#components/start-page.ts';

export function Component() {
  const { t } = useTranslation('settings');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const session = useSession();
  const { data: me } = useQuery(meQuery());

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

      <StartPageCard />

      <IdleLockCard remembered={session?.remember ?? false} />

      <CantonCard />

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
                  <Table.Td data-testid="settings-practice">{me?.tenant ?? session.tenant}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('address')}</Table.Th>
                  <Table.Td>{breakAtSeparators(session.base)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('user')}</Table.Th>
                  <Table.Td data-testid="settings-user">{me ? personName(me) || me.username : '…'}</Table.Td>
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
            <Button variant="default" w="fit-content" onClick={() => signOut({ otherTabs: true })}>
              {t('signOut')}
            </Button>
          </Stack>
        </Card>
      )}
    </Page>
  );
}

/** Where the app opens after signing in: Today unless another area is chosen (a preference of this device). */
function StartPageCard() {
  const { t } = useTranslation('settings');
  const areas = navItems.filter((i) => !i.secondary);
  return (
    <DeviceChoiceCard
      title={t('startPage.title')}
      label={t('startPage.label')}
      hint={t('startPage.hint')}
      data={areas.map((i) => ({ value: i.to, label: t(i.labelKey, { ns: 'common' }) }))}
      read={() => readStartPage(areas.map((i) => i.to))}
      write={writeStartPage}
    />
  );
}

/**
 * The practice's canton, for its public holidays where the practice's server does not name them (the agenda shades
 * them, booking leaves them out). A preference of this device, like the start page.
 */
function CantonCard() {
  const { t } = useTranslation('settings');
  return (
    <DeviceChoiceCard
      title={t('canton.title')}
      label={t('canton.label')}
      hint={t('canton.hint')}
      data={[
        { value: '', label: t('canton.none') },
        ...CANTONS.map((c) => ({ value: c.code, label: `${c.code} – ${c.name}` })),
      ]}
      read={() => readCanton() ?? ''}
      write={(value) => writeCanton(value || null)}
    />
  );
}

/** One choice kept on this device (localStorage): a card with a select, saved as soon as it changes. */
function DeviceChoiceCard({
  title,
  label,
  hint,
  data,
  read,
  write,
}: {
  title: string;
  label: string;
  hint: string;
  data: { value: string; label: string }[];
  read: () => string;
  /** False when the device refused to keep it. */
  write: (value: string) => boolean;
}) {
  const { t } = useTranslation('settings');
  const [value, setValue] = useState(read);
  const [refused, setRefused] = useState(false);
  return (
    <Card withBorder maw={640}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <NativeSelect
          label={label}
          description={hint}
          data={data}
          value={value}
          // A browser that keeps nothing (storage off or full): the choice is not shown as made, and the person is
          // told why; what the app reads is still the choice kept before.
          error={refused ? t('notKept') : undefined}
          onChange={(e) => {
            const kept = write(e.currentTarget.value);
            setRefused(!kept);
            setValue(read());
          }}
          maw={320}
        />
      </Stack>
    </Card>
  );
}

/** The idle lock: on by default after 5 minutes; only a session not remembered on the device may switch it off. */
function IdleLockCard({ remembered }: { remembered: boolean }) {
  const { t } = useTranslation('settings');
  const setting = useIdleSetting();
  const [minutes, setMinutes] = useState<number | string>(setting ?? DEFAULT_IDLE_MINUTES);
  const on = setting !== null || remembered;
  return (
    <Card withBorder maw={640}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('lock.title')}
        </Title>
        <Switch
          label={t('lock.enabled')}
          description={remembered ? t('lock.rememberedHint') : t('lock.enabledHint')}
          checked={on}
          disabled={remembered}
          onChange={(e) =>
            writeIdleSetting(e.currentTarget.checked ? Number(minutes) || DEFAULT_IDLE_MINUTES : null)
          }
        />
        <NumberInput
          label={t('lock.minutes')}
          description={t('lock.minutesHint', { min: MIN_IDLE_MINUTES, max: MAX_IDLE_MINUTES })}
          min={MIN_IDLE_MINUTES}
          max={MAX_IDLE_MINUTES}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          w={200}
          disabled={!on}
          value={minutes}
          onChange={(v) => {
            setMinutes(v);
            const n = Number(v);
            if (v !== '' && Number.isInteger(n) && n >= MIN_IDLE_MINUTES && n <= MAX_IDLE_MINUTES) {
              writeIdleSetting(n);
            }
          }}
        />
      </Stack>
    </Card>
  );
}

/** An address that may wrap after its slashes and dots only, never inside a word or a port number. */
function breakAtSeparators(text: string) {
  return text.split(/(?<=[/.])/).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
    <Fragment key={i}>
      {part}
      <wbr />
    </Fragment>
  ));
}
