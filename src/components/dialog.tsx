import { Alert, Drawer, Modal, type ModalContentProps, type ModalRootProps } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnline, subscribeConnection } from '#api/connection.ts';

export interface DialogProps extends Omit<ModalRootProps, 'title' | 'children'> {
  title: ReactNode;
  children: ReactNode;
  /** The close button's name; default the common "Close". */
  closeLabel?: string;
  /** Props of the content box, e.g. `style: { overflow: 'visible' }` for a dropdown that reaches out of it. */
  contentProps?: Omit<ModalContentProps, 'children'>;
}

/** A long title (a lead's 300-letter name) is cut after two lines; the whole text stays its accessible name. */
const clampTwoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

/** In the header (which stays at the top while the dialog scrolls), on a line of its own below the title. */
const headerRows = { flexWrap: 'wrap', rowGap: 'var(--mantine-spacing-sm)' } as const;
const noticeRow = { flexBasis: '100%' } as const;

/**
 * While the practice server cannot be reached (the browser is offline, or a request just failed to get through),
 * inside every dialog and drawer, in its header: the page's own notice lies under the modal's overlay, and a notice
 * at the top of a long form would be scrolled away on a phone when Save is pressed. Says what the person can do,
 * so a save that failed is no dead end (docs/decisions/0029).
 */
export function DialogConnectionNotice() {
  const { t } = useTranslation('common');
  const online = useSyncExternalStore(subscribeConnection, isOnline, () => true);
  if (online) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconWifiOff aria-hidden />} role="status" style={noticeRow}>
      {t('dialog.offline')}
    </Alert>
  );
}

/** Where the focus goes back to: the element that had it, or for an entry of a menu (gone with the menu) its button. */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const target = menu?.getAttribute('aria-labelledby');
  return (target && document.getElementById(target)) || active;
}

/**
 * After the dialog closes, the focus is back on what opened it. Mantine's Modal does this only when it was mounted
 * closed and then closed by `opened` (it notes the focus on an update), so not for a dialog that mounts open
 * (LazyDialog's first time) or closes by being unmounted (`{target && <Dialog opened />}`), and not for an entry of a
 * menu, which is gone by then. After Mantine's own attempt (10 ms), and only when nothing else took the focus.
 */
function useFocusBack(opened: boolean, enabled: boolean) {
  useLayoutEffect(() => {
    if (!enabled || !opened) return;
    const back = openerOf(document.activeElement);
    // Runs when `opened` turns false and when the dialog is unmounted open: both close it.
    return () => {
      if (!back) return;
      // Still in the closing dialog (its exit transition), or fallen to the page: nobody else has put it anywhere.
      const atClose = document.activeElement;
      window.setTimeout(() => {
        const now = document.activeElement;
        const lost = now === null || now === document.body || !now.isConnected || now === atClose;
        if (lost && back.isConnected) back.focus({ preventScroll: true });
      }, 30);
    };
  }, [opened, enabled]);
}

/**
 * The one dialog frame of the app: Mantine's Modal with two accessibility fixes. Its header is a div (a `<header>`
 * in a portal is a second banner landmark beside the app's header) and its close button has a name. Without a
 * connection it says so in its header. Closed, it gives the focus back to what opened it (useFocusBack).
 */
export function Dialog({ title, children, closeLabel, contentProps, ...props }: DialogProps) {
  const { t } = useTranslation('common');
  useFocusBack(props.opened, props.returnFocus !== false && props.trapFocus !== false);
  return (
    <Modal.Root {...props}>
      <Modal.Overlay />
      <Modal.Content {...contentProps}>
        <Modal.Header component="div" style={headerRows}>
          <Modal.Title title={typeof title === 'string' ? title : undefined} style={clampTwoLines}>
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={closeLabel ?? t('dialog.close')} />
          <DialogConnectionNotice />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

export interface SideDrawerProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
}

/** A drawer at the right (the lead board's lead), with the same header as the dialogs. */
export function SideDrawer({ opened, onClose, title, closeLabel, children }: SideDrawerProps) {
  useFocusBack(opened, true);
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xl">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div" style={headerRows}>
          <Drawer.Title title={typeof title === 'string' ? title : undefined} style={clampTwoLines}>
            {title}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={closeLabel} />
          <DialogConnectionNotice />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
