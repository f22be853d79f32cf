import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SaveFailed } from '#components/save-failed.tsx';

export interface DetailsFormFooterProps {
  /** What the service said when it refused the form (react-hook-form's `errors.root.server`), shown above the buttons. */
  serverError?: string;
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}

/**
 * The end of every form on a lead's page (data, note, task, admission): a save that failed (with Retry), save and
 * cancel. Rendered inside the form.
 */
export function DetailsFormFooter({
  serverError,
  submitLabel,
  submitting,
  onCancel,
}: DetailsFormFooterProps) {
  const { t } = useTranslation('leadDetails');
  return (
    <>
      {/* Inside the form: its Retry sends the form again; the input stays as typed (0039). */}
      {serverError && <SaveFailed message={serverError} saving={submitting} />}
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
