import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog.tsx';

export interface ConfirmWholeStockProps {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before the whole stock is requested; in the app's one dialog frame. */
export function ConfirmWholeStock({ opened, onConfirm, onCancel }: ConfirmWholeStockProps) {
  const { t } = useTranslation('accounting');
  return (
    <Dialog opened={opened} onClose={onCancel} centered title={t('whole.title')}>
      <Stack gap="md">
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
    </Dialog>
  );
}
