import { Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signOut } from '../sign-out.ts';
import { UserTriggerContent, userTriggerSpacing } from './user-trigger.tsx';

/**
 * The user menu itself (Mantine's Menu, with Popover and floating-ui): loaded after the first page's content
 * through `deferred()` in user-menu.tsx, never imported statically by the shell.
 */
export function UserMenuDropdown() {
  const { t } = useTranslation('common');
  return (
    <Menu position="bottom-end" width={220}>
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
          onClick={() => signOut({ everywhere: true })}
        >
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
