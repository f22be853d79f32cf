import { Button, Group, Text } from '@mantine/core';
import { useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog.tsx';
import { currentOverlapQuestion, subscribeOverlapQuestion } from '../overlap.ts';

/**
 * "Dr. Rossi already has 3 appointments then. Book anyway?" (overlap.ts asks it). Above the appointment dialog that
 * asked, which stays open behind it: No goes back to it.
 */
export function OverlapQuestionDialog() {
  const { t } = useTranslation('agenda');
  const question = useSyncExternalStore(subscribeOverlapQuestion, currentOverlapQuestion, () => null);
  // While it closes, the dialog still shows what it asked.
  const shown = useRef(question);
  if (question) shown.current = question;
  const no = () => question?.answer(false);
  return (
    <Dialog
      opened={question !== null}
      onClose={no}
      title={shown.current?.closed ? t('closed.askTitle') : t('overlap.title')}
      centered
      zIndex={300}
    >
      <Text mb="md">
        {shown.current?.closed
          ? t(`closed.ask.${shown.current.closed}`, { name: shown.current.name || t('closed.noReason') })
          : shown.current && t('overlap.question', { name: shown.current.name, count: shown.current.count })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={no} data-autofocus>
          {t('overlap.no')}
        </Button>
        <Button onClick={() => question?.answer(true)}>{t('overlap.yes')}</Button>
      </Group>
    </Dialog>
  );
}
