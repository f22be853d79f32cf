import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface DetailsFormFooterProps {
  /** What the service said when it refused the form (react-hook-form's `errors.root.server`), shown above the buttons. */
  serverError?: string;
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}

/** The end of every form on a lead's page (data, note, task, admission): the service's refusal, save and cancel. */
export function DetailsFormFooter({
  serverError,
  submitLabel,
  submitting,
  onCancel,
}: DetailsFormFooterProps) {
  const { t } = useTranslation('leadDetails');
  return (
    <>
      {serverError && (
        <Alert color="red" variant="light" role="alert">
          {serverError}
        </Alert>
      )}
      <Group gap="sm">
        <Button type="submit" loading={submitting} disabled={submitting}>
          {submitLabel}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={submitting}>
          {t('cancel')}
        </Button>
      </Group>
    </>
  );
}
