import { Menu } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBan,
  IconExternalLink,
  IconRestore,
  IconTrash,
  IconUser,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lead } from '#contract/sales.ts';
import { type CardAction, useBoardActions } from './context.ts';
import { isDisqualifiedFolder } from './rules.ts';

/** A card's Actions menu (card.tsx mounts it on the first press of the card's Actions button). */
export function CardMenu({
  lead,
  opened,
  onChange,
  target,
}: {
  lead: Lead;
  opened: boolean;
  onChange: (opened: boolean) => void;
  target: ReactElement;
}) {
  const { t } = useTranslation('leads');
  const actions = useBoardActions();
  const item = (action: CardAction) => () => actions.act(action, lead);
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconExternalLink size={14} aria-hidden />} onClick={item('open')}>
          {t('menu.open')}
        </Menu.Item>
        {lead.deleted ? (
          <Menu.Item leftSection={<IconRestore size={14} aria-hidden />} onClick={item('restore')}>
            {t('menu.restore')}
          </Menu.Item>
        ) : (
          <>
            <Menu.Item leftSection={<IconArrowsExchange size={14} aria-hidden />} onClick={item('move')}>
              {t('menu.move')}
            </Menu.Item>
            {!isDisqualifiedFolder(lead.folderId) && (
              <Menu.Item leftSection={<IconBan size={14} aria-hidden />} onClick={item('disqualify')}>
                {t('menu.disqualify')}
              </Menu.Item>
            )}
            {!lead.conversionDate && (
              <Menu.Item leftSection={<IconUserCheck size={14} aria-hidden />} onClick={item('convert')}>
                {t('menu.convert')}
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconUser size={14} aria-hidden />} onClick={item('assign')}>
              {t('menu.assign')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red.9"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={item('delete')}
            >
              {t('menu.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
