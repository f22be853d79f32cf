import { NativeSelect, Stack, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { addNoteMutation } from '#api/sales.ts';
import { contractResolver } from '#components/form-resolver.ts';
import { useMessageWords } from '#components/messages.ts';
import { applyServerError, targetFrom } from '#components/server-error.ts';
import { useReportUnsaved } from '#components/unsaved-changes.tsx';
import { MSG_FIELD, salesOperations } from '#contract/sales.ts';
import { referenceQuery } from '../shared/queries.ts';
import { DetailsFormFooter } from './form-footer.tsx';

/** addLeadNote's own fields: the text (non-empty) and an optional category. */
export const noteFormSchema = salesOperations.addLeadNote.input.pick({ text: true, category: true });
type NoteFormInput = z.input<typeof noteFormSchema>;
type NoteFormOutput = z.output<typeof noteFormSchema>;
/** addLeadNote's messages on this form's fields. */
const fieldOf = targetFrom(MSG_FIELD, { text: 'text' });

export function DetailsNoteForm({ leadId, onDone }: { leadId: number; onDone: () => void }) {
  const { t } = useTranslation('leadDetails');
  const words = useMessageWords();
  const categories = useQuery(referenceQuery()).data?.categories ?? [];
  const add = useMutation(addNoteMutation(leadId));
  const form = useForm<NoteFormInput, unknown, NoteFormOutput>({
    resolver: contractResolver(noteFormSchema),
    defaultValues: { text: '', category: '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useReportUnsaved('note', isDirty);

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ text: values.text, category: values.category || undefined });
      form.reset();
      onDone();
    } catch (e) {
      // What was typed stays; the message goes where it belongs.
      applyServerError(form.setError, e, fieldOf, {
        fallback: words.error,
        shouldFocus: false,
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('note.formLabel')}>
      <Stack gap="sm">
        <Textarea
          label={t('note.text')}
          autosize
          minRows={3}
          required
          data-autofocus
          error={errors.text?.message && words.text(errors.text.message)}
          {...form.register('text')}
        />
        <NativeSelect
          label={t('note.category')}
          data={[
            { value: '', label: t('noCategory') },
            ...categories.map((c) => ({ value: c.code, label: c.label })),
          ]}
          {...form.register('category')}
        />
        <DetailsFormFooter
          serverError={errors.root?.server?.message}
          submitLabel={t('note.submit')}
          submitting={isSubmitting}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
