import { notifications } from '@mantine/notifications';
import { MutationObserver, useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MoveVariables } from '#api/sales/lead-writes.ts';
import { describeError } from '#components/states.tsx';
import { offerUndo } from '#components/undo.tsx';
import { moveLeadMutation } from '../shared/queries.ts';
import { leadName } from './lead.ts';
import { isDisqualifiedFolder } from './rules.ts';

/** Moves that are themselves an undo: they offer no undo of their own. */
const undoMoves = new WeakSet<MoveVariables>();

/**
 * setLeadFolder with the optimistic move of queries.ts, the server's refusal in a notification, and an Undo for 8
 * seconds after a move (setLeadFolder back, unless the old folder takes leads only through disqualifyLead). The
 * notifications are part of the mutation's own options, so they show even when the dialog that started the move
 * has closed already.
 */
function moveLeadOptions(t: TFunction<'leads'>) {
  const base = moveLeadMutation();
  const options: typeof base = {
    ...base,
    onSuccess: (data, vars, token, ctx) => {
      base.onSuccess?.(data, vars, token, ctx);
      const name = leadName(vars.lead);
      const from = vars.lead.folderId;
      if (undoMoves.has(vars)) {
        notifications.show({ message: t('move.movedBack', { name }) });
        return;
      }
      if (isDisqualifiedFolder(from) || from === vars.folderId) return;
      offerUndo({
        message: t('move.moved', { name }),
        onUndo: () => {
          const back: MoveVariables = { lead: { ...vars.lead, folderId: vars.folderId }, folderId: from };
          undoMoves.add(back);
          return new MutationObserver(ctx.client, options).mutate(back);
        },
      });
    },
    onError: (error, vars, token, ctx) => {
      base.onError?.(error, vars, token, ctx);
      notifications.show({
        color: 'red',
        title: t('move.refused', { name: leadName(vars.lead) }),
        message: describeError(error, t),
      });
    },
  };
  return options;
}

export function useMoveLead() {
  const { t } = useTranslation('leads');
  return useMutation(moveLeadOptions(t));
}
