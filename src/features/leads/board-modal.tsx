import { Drawer, Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame of the board's dialogs (and of the details page's, which reuse them). Mantine's own header is a
 * `<header>`, which assistive technology (and axe) takes for a second page banner; here it is a plain group, and the
 * close button has a name.
 */
export interface LeadModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalRootProps['size'];
  children: ReactNode;
}

export function LeadModal({ opened, onClose, title, size, children }: LeadModalProps) {
  const { t } = useTranslation('leads');
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('dialog.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

export interface LeadDrawerFrameProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
}

/** The drawer beside the board, with the same header as the dialogs. */
export function LeadDrawerFrame({ opened, onClose, title, closeLabel, children }: LeadDrawerFrameProps) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xl">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header role="none">
          <Drawer.Title>{title}</Drawer.Title>
          <Drawer.CloseButton aria-label={closeLabel} />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
