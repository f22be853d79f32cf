import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../components/states.tsx';
import { leadName } from './board-lead.ts';
import { setLeadFolderMutation } from './queries.ts';

/**
 * setLeadFolder with the optimistic move of queries.ts, and the server's refusal in a notification. The
 * notification is part of the mutation's own options, so it shows even when the dialog that started the move
 * has closed already.
 */
export function useMoveLead() {
  const { t } = useTranslation('leads');
  const base = setLeadFolderMutation();
  return useMutation({
    ...base,
    onError: (error, vars, token, ctx) => {
      base.onError?.(error, vars, token, ctx);
      notifications.show({
        color: 'red',
        title: t('move.refused', { name: leadName(vars.lead) }),
        message: describeError(error, t),
      });
    },
  });
}
