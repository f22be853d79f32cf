import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogProps extends Omit<ModalRootProps, 'title' | 'children'> {
  title: ReactNode;
  children: ReactNode;
}

/**
 * Mantine's Modal with two accessibility fixes: its header is a div (a `<header>` in a portal is a second banner
 * landmark beside the app's header) and its close button has a name.
 */
export function Dialog({ title, children, ...props }: DialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal.Root {...props}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('dialog.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
