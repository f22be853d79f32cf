import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface SaveFailedProps {
  /** What went wrong, in the person's words (`describeError`, or the service's message). */
  message: string;
  /** A heading of the form's own ("The data were not saved"); default "Not saved". */
  title?: string;
  /** Sends again; without it Retry is the form's submit button (inside a `<form>`). */
  retry?: () => void;
  /** The save is in flight again: Retry waits. */
  saving?: boolean;
}

/**
 * The one notice of a save that did not go through (unreachable or refused), in every dialog and inline form: what
 * happened, that the input is still there and is not sent by itself, and Retry (docs/decisions/0039). Save stays
 * possible offline as well: the person decides when to send again, nothing is queued.
 */
export function SaveFailed({ message, title, retry, saving = false }: SaveFailedProps) {
  const { t } = useTranslation('common');
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title ?? t('saveFailed.title')}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Text size="sm">{t('saveFailed.kept')}</Text>
        <Button
          variant="default"
          size="xs"
          type={retry ? 'button' : 'submit'}
          onClick={retry}
          loading={saving}
        >
          {t('state.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
