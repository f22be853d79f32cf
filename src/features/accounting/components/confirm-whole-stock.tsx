import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmWholeStockProps {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before the whole stock is requested. Built from Modal's parts without Modal.Header: axe counts the header
 * element of Mantine's modal as a second banner landmark next to the app's header.
 */
export function ConfirmWholeStock({ opened, onConfirm, onCancel }: ConfirmWholeStockProps) {
  const { t } = useTranslation('accounting');
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered>
      <Modal.Overlay />
      {/* Modal.Content sets its own aria-labelledby (to a Modal.Title only), so the name comes as aria-label. */}
      <Modal.Content aria-label={t('whole.title')}>
        <Modal.Body pt="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('whole.title')}
            </Title>
            <Text size="sm">{t('whole.text')}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel}>
                {t('whole.cancel')}
              </Button>
              <Button onClick={onConfirm} data-autofocus>
                {t('whole.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
