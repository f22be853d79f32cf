import { Drawer, Modal, type ModalContentProps, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/**
 * The one dialog frame of the app: Mantine's Modal with two accessibility fixes. Its header is a div (a `<header>`
 * in a portal is a second banner landmark beside the app's header) and its close button has a name.
 */
export function Dialog({ title, children, closeLabel, contentProps, ...props }: DialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal.Root {...props}>
      <Modal.Overlay />
      <Modal.Content {...contentProps}>
        <Modal.Header component="div">
          <Modal.Title title={typeof title === 'string' ? title : undefined} style={clampTwoLines}>
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={closeLabel ?? t('dialog.close')} />
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
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xl">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title title={typeof title === 'string' ? title : undefined} style={clampTwoLines}>
            {title}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={closeLabel} />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
