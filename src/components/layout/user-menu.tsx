import { UnstyledButton } from '@mantine/core';
import { deferred } from '../deferred.tsx';
import { UserTriggerContent, userTriggerSpacing } from './user-trigger.tsx';

/** Until the menu's code is there: the same button, inert; a press on it opens the menu once it is. */
function UserMenuPlaceholder() {
  return (
    <UnstyledButton {...userTriggerSpacing} aria-disabled>
      <UserTriggerContent />
    </UnstyledButton>
  );
}

/**
 * The practice and the signed-in user; Settings and Sign out. The menu (Mantine's Menu, Popover, floating-ui) loads
 * after the first page's content (decision 0016).
 */
export const UserMenu = deferred(
  () => import('./user-menu-dropdown.tsx').then((m) => m.UserMenuDropdown),
  UserMenuPlaceholder,
);
