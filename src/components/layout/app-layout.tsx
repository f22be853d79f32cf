import { Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { signInPath, useSession } from '#api/session.ts';
import { LockButton } from '../lock/lock-button.tsx';
import classes from './app-layout.module.css';
import { ColorSchemeToggle } from './color-scheme-toggle.tsx';
import { ConnectionBanner } from './connection-banner.tsx';
import { GlobalSearch } from './global-search.tsx';
import { type NavItem, navItems } from './nav-items.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * react-remove-scroll-bar's class for fixed elements at the right edge: while a dialog locks the page's scrolling,
 * they keep clear of where the scrollbar was (the class Mantine's AppShell gave the header).
 */
const zeroRightClassName = 'right-scroll-bar-position';

/**
 * The signed-in frame: header, navigation, the area's page (app-layout.module.css, the measures of Mantine's AppShell
 * without its code in the first load). Without a session: to sign-in, and back after.
 */
export function AppLayout() {
  const { t } = useTranslation('common');
  const session = useSession();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const navId = useId();
  const burgerRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);

  // On a phone, Escape closes the opened navigation (and the focus goes back to the burger if it was inside).
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const nav = document.getElementById(navId);
      if (nav?.contains(document.activeElement)) burgerRef.current?.focus();
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened, close, navId]);

  if (!session) {
    return <Navigate to={signInPath(location.pathname + location.search + location.hash)} replace />;
  }

  const main = navItems.filter((i) => !i.secondary);
  const secondary = navItems.filter((i) => i.secondary);

  return (
    <div className={classes.root}>
      {/* The first stop of Tab: past the header and the navigation to the page (WCAG 2.4.1). */}
      {/* biome-ignore lint/a11y/useValidAnchor: a link to #main, as skip links are; the focus moves by hand because following it would add #main to the address, which the router reads */}
      <a
        href="#main"
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t('header.skipToContent')}
      </a>
      <header className={`${classes.header} ${zeroRightClassName}`}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burgerRef}
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('header.closeNavigation') : t('header.openNavigation')}
              aria-expanded={opened}
              aria-controls={navId}
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
      </header>

      <nav
        id={navId}
        className={classes.navbar}
        data-opened={opened || undefined}
        aria-label={t('nav.label')}
      >
        {/* Scrolls by itself when the window is low; no ScrollArea (and floating-ui with it) in the first load. */}
        <div className={classes.navMain}>
          {main.map((item) => (
            <NavEntry key={item.to} item={item} onNavigate={close} />
          ))}
        </div>
        <div>
          {secondary.map((item) => (
            <NavEntry key={item.to} item={item} onNavigate={close} />
          ))}
        </div>
      </nav>

      <main id="main" ref={mainRef} tabIndex={-1} className={classes.main}>
        <ConnectionBanner />
        <Outlet />
      </main>
    </div>
  );
}

/** On a phone the navigation closes once an entry was chosen. The app's own link, not Mantine's NavLink (issue 38). */
function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const Icon = item.icon;
  const Badge = item.badge;
  // NavLink marks the entry of the area shown (and of its sub-pages) with aria-current="page" itself.
  return (
    <NavLink to={item.to} className={`mantine-focus-auto ${classes.navLink}`} onClick={onNavigate}>
      <span className={classes.navSection} data-position="left">
        <Icon size={18} stroke={1.6} aria-hidden />
      </span>
      <span className={classes.navBody}>
        <span className={classes.navLabel}>{t(item.labelKey)}</span>
      </span>
      {Badge && (
        <span className={classes.navSection} data-position="right">
          <Badge />
        </span>
      )}
    </NavLink>
  );
}
