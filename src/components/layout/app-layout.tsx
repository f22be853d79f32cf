import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, NavLink as RouterNavLink, useLocation } from 'react-router';
import { signInPath, useSession } from '../../api/session.ts';
import { LockButton } from '../lock/lock-button.tsx';
import { ColorSchemeToggle } from './color-scheme-toggle.tsx';
import { ConnectionBanner } from './connection-banner.tsx';
import { GlobalSearch } from './global-search.tsx';
import { type NavItem, navItems } from './nav-items.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { UserMenu } from './user-menu.tsx';

/** The signed-in frame: header, navigation, the area's page. Without a session: to sign-in, and back after. */
export function AppLayout() {
  const { t } = useTranslation('common');
  const session = useSession();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  if (!session) {
    return <Navigate to={signInPath(location.pathname + location.search + location.hash)} replace />;
  }

  const main = navItems.filter((i) => !i.secondary);
  const secondary = navItems.filter((i) => i.secondary);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('header.closeNavigation') : t('header.openNavigation')}
            />
            <Text fw={700} size="lg" visibleFrom="xs">
              {t('app.name')}
            </Text>
          </Group>
          <GlobalSearch />
          <Group gap="xs" wrap="nowrap">
            <LockButton />
            <ColorSchemeToggle />
            <UserMenu />
          </Group>
        </Group>
        <NavigationProgress />
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label={t('nav.label')}>
        {/* Scrolls by itself when the window is low; no ScrollArea (and floating-ui with it) in the first load. */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {main.map((item) => (
            <NavEntry key={item.to} item={item} onNavigate={close} />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          {secondary.map((item) => (
            <NavEntry key={item.to} item={item} onNavigate={close} />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main">
        <ConnectionBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** On a phone the navigation closes once an entry was chosen. */
function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const Icon = item.icon;
  const Badge = item.badge;
  const active = location.pathname === item.to || location.pathname.startsWith(`${item.to}/`);
  return (
    <NavLink
      component={RouterNavLink}
      to={item.to}
      label={t(item.labelKey)}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      rightSection={Badge ? <Badge /> : undefined}
      active={active}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
    />
  );
}
