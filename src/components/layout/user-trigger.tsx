import { Avatar, Group, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { personName } from '#api/name-format.ts';
import { useSession } from '#api/session.ts';
import { meQuery } from '#api/system/people.ts';
import { practiceTitle } from './practice-name.ts';

/**
 * What the user menu's button shows: the signed-in user and the practice. The same in the menu's placeholder
 * (user-menu.tsx) and in the menu itself (user-menu-dropdown.tsx), so that nothing moves when the menu arrives.
 */
export function UserTriggerContent() {
  const { t } = useTranslation('common');
  const session = useSession();
  const { data: me } = useQuery(meQuery());
  const name = me ? personName(me) || me.username : '…';
  const tenant = me?.tenant ?? session?.tenant ?? '';
  const initials = me ? `${me.givenname.charAt(0)}${me.familyname.charAt(0)}`.toUpperCase() : '';
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar size="sm" color="indigo" aria-hidden>
        {initials}
      </Avatar>
      <div>
        <Text size="sm" fw={600} lh={1.2} data-testid="user-name">
          {name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2} data-testid="practice-name">
          {practiceTitle(tenant, t)}
        </Text>
      </div>
      <IconChevronDown size={14} aria-hidden />
    </Group>
  );
}

/** The button's own spacing, the same for the placeholder and the menu's target. */
export const userTriggerSpacing = { px: 'xs', py: 4 } as const;
