import { Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { folderName } from '#components/codes.ts';
import { FormDialog } from '#components/form-dialog.tsx';
import { leadName } from '../board/lead.ts';
import { useMoveLead } from '../board/moves.ts';
import { dropAction, moveTargets } from '../board/rules.ts';
import { referenceQuery } from '../shared/queries.ts';
import { ConvertDialog } from './convert-dialog.tsx';
import { DisqualifyDialog, type LeadDialogProps } from './disqualify-dialog.tsx';
import { WithReference } from './reference-state.tsx';

type Stage = 'pick' | 'disqualify' | 'convert';

/** The folder picked, as the radio's value (a folder id of the pipeline); required. */
const moveFormSchema = z.object({ target: z.string().regex(/^\d+$/) });
type MoveFormValues = z.infer<typeof moveFormSchema>;

/**
 * "Move to…": the folders of the lead's pipeline. The same rules as a drop on the board: a plain folder moves at
 * once (optimistic, back with the server's message on refusal); 5/15 continue in the disqualify dialog, 4/14 of an
 * unconverted lead in the convert dialog.
 */
export function MoveDialog({ lead, opened, onClose, onDone }: LeadDialogProps) {
  const { t } = useTranslation('leads');
  const name = leadName(lead);
  const reference = useQuery({ ...referenceQuery(), enabled: opened });
  const targets = moveTargets(lead, reference.data?.folders ?? []);
  const move = useMoveLead();
  const [stage, setStage] = useState<Stage>('pick');

  useEffect(() => {
    if (opened) setStage('pick');
  }, [opened]);

  return (
    <>
      <FormDialog<MoveFormValues>
        closeLabel={t('dialog.close')}
        opened={opened && stage === 'pick'}
        onClose={onClose}
        title={t('move.title', { name })}
        schema={moveFormSchema}
        defaultValues={{ target: '' }}
        confirmDiscard={false}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('move.submit')}
        submitProps={{ disabled: targets.length === 0 }}
        onSubmit={({ target }, form) => {
          const folder = targets.find((f) => String(f.folderId) === target);
          if (!folder) {
            form.setError('target', {});
            return;
          }
          const action = dropAction(lead, folder);
          if (action === 'disqualify' || action === 'convert') {
            setStage(action);
            return;
          }
          if (action === 'move') move.mutate({ lead, folderId: folder.folderId });
          onDone();
        }}
      >
        {(form) => (
          <WithReference reference={reference}>
            {targets.length === 0 ? (
              <Text>{t('move.noTargets')}</Text>
            ) : (
              <Controller
                control={form.control}
                name="target"
                render={({ field }) => (
                  <Radio.Group
                    label={t('move.target')}
                    name={field.name}
                    value={field.value || null}
                    onChange={field.onChange}
                    withAsterisk
                    error={form.formState.errors.target !== undefined ? t('move.targetRequired') : undefined}
                  >
                    <Stack gap="xs" mt="xs">
                      {targets.map((f) => {
                        const action = dropAction(lead, f);
                        return (
                          <Radio
                            key={f.folderId}
                            value={String(f.folderId)}
                            label={folderName(f)}
                            description={
                              action === 'disqualify'
                                ? t('move.viaDisqualify')
                                : action === 'convert'
                                  ? t('move.viaConvert')
                                  : undefined
                            }
                          />
                        );
                      })}
                    </Stack>
                  </Radio.Group>
                )}
              />
            )}
          </WithReference>
        )}
      </FormDialog>
      <DisqualifyDialog
        lead={lead}
        opened={opened && stage === 'disqualify'}
        onClose={onClose}
        onDone={onDone}
      />
      <ConvertDialog lead={lead} opened={opened && stage === 'convert'} onClose={onClose} onDone={onDone} />
    </>
  );
}
