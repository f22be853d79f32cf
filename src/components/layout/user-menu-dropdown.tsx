import { Alert, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconDevicesOff, IconLogout, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '#api/session.ts';
import { Dialog } from '../dialog.tsx';
import { signOut, signOutEverywhere } from '../sign-out.ts';
import { describeError } from '../states.tsx';
import { UserTriggerContent, userTriggerSpacing } from './user-trigger.tsx';

/**
 * The user menu itself (Mantine's Menu, with Popover and floating-ui): loaded after the first page's content
 * through `deferred()` in user-menu.tsx, never imported statically by the shell.
 */
export function UserMenuDropdown() {
  const { t } = useTranslation('common');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Menu position="bottom-end" width={260}>
        <Menu.Target>
          <UnstyledButton {...userTriggerSpacing}>
            <UserTriggerContent />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} aria-hidden />}>
            {t('header.settings')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => signOut({ otherTabs: true })}
          >
            {t('header.signOut')}
          </Menu.Item>
          <Menu.Item leftSection={<IconDevicesOff size={16} aria-hidden />} onClick={() => setAsking(true)}>
            {t('header.signOutEverywhere')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {asking && <SignOutEverywhereDialog onCancel={() => setAsking(false)} />}
    </>
  );
}

/**
 * Asked first: it ends the sessions of everyone signed in as this user (a shared practice login ends for the
 * colleagues too). Cancel is the default. When the server cannot be told, nothing ended and the dialog says so.
 */
function SignOutEverywhereDialog({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('common');
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const text =
    session?.auth.kind === 'basic'
      ? t('everywhere.textUser', { user: session.auth.user })
      : t('everywhere.textKey');
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await signOutEverywhere();
    } catch (e) {
      setFailure(e);
      setBusy(false);
    }
  };
  return (
    <Dialog opened onClose={onCancel} title={t('everywhere.title')} centered>
      <Text mb="md">{text}</Text>
      {failure !== null && (
        <Alert
          mb="md"
          color="red"
          variant="light"
          title={t('everywhere.failed')}
          icon={<IconAlertTriangle aria-hidden />}
        >
          {describeError(failure, t)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('everywhere.cancel')}
        </Button>
        <Button color="red" onClick={() => void confirm()} loading={busy}>
          {t('everywhere.confirm')}
        </Button>
      </Group>
    </Dialog>
  );
}
