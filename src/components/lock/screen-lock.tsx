import { Alert, Button, Center, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { fetchMe, meQuery } from '../../api/people.ts';
import { type Auth, getSession, saveSession, tenantOfBase, useSession } from '../../api/session.ts';
import { signOut } from '../sign-out.ts';
import { describeError } from '../states.tsx';
import {
  effectiveIdleMinutes,
  lastActivityAt,
  lockScreen,
  markActivity,
  onSignedOutElsewhere,
  unlockScreen,
  useIdleSetting,
  useLocked,
} from './lock-store.ts';

const ACTIVITY_EVENTS = ['keydown', 'mousedown', 'mousemove', 'pointerdown', 'touchstart', 'wheel'] as const;

/** Ctrl+Alt+L locks at once (the code, not the key: Alt changes the key on some layouts). */
function isLockHotkey(e: KeyboardEvent): boolean {
  return e.ctrlKey && e.altKey && !e.shiftKey && !e.metaKey && e.code === 'KeyL';
}

/**
 * The screen lock of the whole app: counts idle time, locks on Ctrl+Alt+L, and while locked takes the page out of
 * the document (docs/decisions/0014-screen-lock.md): every node of <body> is detached and kept, the lock screen alone is shown.
 * React keeps the detached tree alive, so typed text, open dialogs and drafts are all there again after unlocking.
 */
export function ScreenLock({ onSignedOut }: { onSignedOut: () => void }) {
  const session = useSession();
  const locked = useLocked();
  const setting = useIdleSetting();
  const minutes = session ? effectiveIdleMinutes(session, setting) : null;
  const signedIn = session !== null;

  useEffect(() => onSignedOutElsewhere(onSignedOut), [onSignedOut]);

  // Input anywhere counts as activity; Ctrl+Alt+L locks.
  useEffect(() => {
    if (!signedIn) return;
    const onActivity = () => markActivity();
    const onKey = (e: KeyboardEvent) => {
      if (isLockHotkey(e)) {
        e.preventDefault();
        lockScreen();
      }
    };
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    window.addEventListener('keydown', onKey, { capture: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      window.removeEventListener('keydown', onKey, { capture: true });
    };
  }, [signedIn]);

  // The idle check: once a second is plenty for minutes, and cheap.
  useEffect(() => {
    if (!signedIn || locked || minutes === null) return;
    markActivity(true);
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivityAt() >= minutes * 60_000) lockScreen();
    }, 1000);
    return () => window.clearInterval(timer);
  }, [signedIn, locked, minutes]);

  return locked ? <LockedPage /> : null;
}

/** Takes everything else out of the document while mounted; puts it back (focus, scroll, title) when unmounted. */
function LockedPage() {
  const { t } = useTranslation('common');
  // The host goes into <body>: copied styles first, then the portal's own node (React's alone).
  const [{ host, mount }] = useState(() => {
    const div = document.createElement('div');
    div.setAttribute('data-screen-lock', '');
    const inner = document.createElement('div');
    div.appendChild(inner);
    return { host: div, mount: inner };
  });
  const lockedTitle = `${t('lock.title')} · ${t('app.name')}`;

  useLayoutEffect(() => {
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const scroll = { x: window.scrollX, y: window.scrollY };
    let savedTitle = document.title;
    const detached: Node[] = [];
    const detach = (node: Node) => {
      if (node === host) return;
      detached.push(node);
      node.parentNode?.removeChild(node);
    };
    // Mantine writes the theme's CSS variables into a <style> inside the app's tree: the lock screen needs a copy.
    const styles = Array.from(document.body.querySelectorAll('style'), (el) => el.cloneNode(true));
    for (const node of Array.from(document.body.childNodes)) detach(node);
    document.body.appendChild(host);
    host.prepend(...styles);
    // What the app adds meanwhile (a notification, a dialog's portal) goes out of the document too.
    const bodyWatch = new MutationObserver((records) => {
      for (const r of records) for (const node of Array.from(r.addedNodes)) detach(node);
    });
    bodyWatch.observe(document.body, { childList: true });
    // A page that sets its title meanwhile (a patient's name) is remembered for later, not shown.
    document.title = lockedTitle;
    const titleWatch = new MutationObserver(() => {
      if (document.title === lockedTitle) return;
      savedTitle = document.title;
      document.title = lockedTitle;
    });
    titleWatch.observe(document.head, { childList: true, subtree: true, characterData: true });

    return () => {
      bodyWatch.disconnect();
      titleWatch.disconnect();
      for (const style of styles) host.removeChild(style);
      host.remove();
      for (const node of detached) document.body.appendChild(node);
      document.title = savedTitle;
      window.scrollTo(scroll.x, scroll.y);
      if (focused?.isConnected) focused.focus({ preventScroll: true });
    };
  }, [host, lockedTitle]);

  return createPortal(<LockForm />, mount);
}

function LockForm() {
  const { t } = useTranslation('common');
  const session = useSession();
  const { data: me } = useQuery({ ...meQuery(), enabled: session !== null });
  // The secret is never kept: cleared after every try. `wrong` is its error; another failure is kept aside.
  const form = useForm<{ secret: string }>({ defaultValues: { secret: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const checking = form.formState.isSubmitting;
  const wrong = form.formState.errors.secret !== undefined;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...secretField } = form.register('secret', { required: true });
  const byKey = session?.auth.kind === 'apiKey';

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const name = me ? [me.givenname, me.familyname].filter(Boolean).join(' ') || me.username : '';
  const tenant = me?.tenant ?? (session ? tenantOfBase(session.base) : '');

  const refuse = () => {
    form.reset({ secret: '' });
    form.setError('secret', { type: 'wrong' });
    inputRef.current?.focus();
  };

  const onSubmit = form.handleSubmit(async ({ secret: value }) => {
    const current = getSession();
    if (!current) return;
    setFailure(null);
    const auth: Auth =
      current.auth.kind === 'basic'
        ? { kind: 'basic', user: current.auth.user, password: value }
        : { kind: 'apiKey', key: value.trim() };
    // A key is compared too: another valid key could belong to someone else.
    if (auth.kind === 'apiKey' && current.auth.kind === 'apiKey' && auth.key !== current.auth.key) {
      refuse();
      return;
    }
    try {
      // Checked by the service: the password may have been changed or the key revoked since signing in.
      const who = await fetchMe({ ...current, auth });
      if (me && who.userid !== me.userid) throw new Error('another user');
      // A password changed elsewhere is the one that now works.
      if (auth.kind === 'basic') saveSession({ ...current, auth });
      form.reset({ secret: '' });
      unlockScreen();
    } catch (error) {
      if ((isApiError(error) && error.kind === 'unauthorized') || !isApiError(error)) refuse();
      else {
        form.reset({ secret: '' });
        setFailure(error);
        inputRef.current?.focus();
      }
    }
  });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="lg">
            <Group gap="sm" wrap="nowrap">
              <IconLock size={28} aria-hidden />
              <div>
                <Text c="dimmed" size="sm">
                  {t('app.name')}
                </Text>
                <Title order={1}>{t('lock.title')}</Title>
              </div>
            </Group>
            <div>
              <Text data-testid="lock-practice">{t('header.practice', { tenant })}</Text>
              {name && <Text data-testid="lock-user">{t('lock.user', { name })}</Text>}
            </div>
            <Text size="sm">{byKey ? t('lock.hintKey') : t('lock.hintPassword')}</Text>
            <PasswordInput
              {...secretField}
              ref={(el) => {
                registerRef(el);
                inputRef.current = el;
              }}
              label={byKey ? t('lock.apiKey') : t('lock.password')}
              autoComplete={byKey ? 'off' : 'current-password'}
              error={wrong ? (byKey ? t('lock.wrongKey') : t('lock.wrongPassword')) : undefined}
            />
            {failure !== null && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                {describeError(failure, t)}
              </Alert>
            )}
            <Button type="submit" loading={checking} disabled={checking}>
              {t('lock.unlock')}
            </Button>
            <Button variant="subtle" onClick={() => signOut({ everywhere: true })}>
              {t('lock.signOut')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
