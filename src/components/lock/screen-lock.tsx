import { type ComponentType, useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '#api/session.ts';
import {
  effectiveIdleMinutes,
  lastActivityAt,
  lockScreen,
  markActivity,
  onSignedOutElsewhere,
  useIdleSetting,
  useLocked,
} from './lock-store.ts';

/**
 * The form (react-hook-form, the password field) is not needed before the first lock, so it is not part of the first
 * load: fetched a little after signing in, or at the lock at the latest. A failed fetch (offline) is tried again.
 */
let lockForm: Promise<ComponentType> | null = null;
function loadLockForm(): Promise<ComponentType> {
  lockForm ??= import('./lock-form.tsx').then(
    (m) => m.LockForm,
    (error: unknown) => {
      lockForm = null;
      throw error;
    },
  );
  return lockForm;
}
const PRELOAD_AFTER_MS = 5000;

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

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => void loadLockForm().catch(() => undefined), PRELOAD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn]);

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

  const Form = useLockForm();
  return createPortal(Form ? <Form /> : null, mount);
}

/** The form once loaded; until then nothing (the page is already out of the document). Offline: again when online. */
function useLockForm(): ComponentType | null {
  const [form, setForm] = useState<{ Form: ComponentType } | null>(null);
  useEffect(() => {
    let live = true;
    let retry = 0;
    const load = () =>
      loadLockForm().then(
        (Form) => {
          if (live) setForm({ Form });
        },
        () => {
          if (live) retry = window.setTimeout(load, 2000);
        },
      );
    void load();
    return () => {
      live = false;
      window.clearTimeout(retry);
    };
  }, []);
  return form?.Form ?? null;
}
