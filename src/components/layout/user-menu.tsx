import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { meQuery } from '../../api/people.ts';
import { tenantOfBase, useSession } from '../../api/session.ts';
import { signOut } from '../sign-out.ts';

/** Where signing out leads; the sign-in page forgets the credentials when it sees this state. */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

/** The practice and the signed-in user; Settings and Sign out. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const session = useSession();
  const { data: me } = useQuery(meQuery());
  const name = me ? [me.givenname, me.familyname].filter(Boolean).join(' ') || me.username : '…';
  const tenant = me?.tenant ?? (session ? tenantOfBase(session.base) : '');
  const initials = me ? `${me.givenname.charAt(0)}${me.familyname.charAt(0)}`.toUpperCase() : '';

  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton px="xs" py={4}>
          <Group gap="xs" wrap="nowrap">
            <Avatar size="sm" color="indigo" aria-hidden>
              {initials}
            </Avatar>
            <div>
              <Text size="sm" fw={600} lh={1.2} data-testid="user-name">
                {name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} data-testid="practice-name">
                {t('header.practice', { tenant })}
              </Text>
            </div>
            <IconChevronDown size={14} aria-hidden />
          </Group>
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
