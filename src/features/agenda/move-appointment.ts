import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AppointmentChanged,
  appointmentListsKey,
  invalidateAppointmentWrites,
  moveAppointment,
  undoMove,
} from '#api/agenda.ts';
import { freedBy } from '#api/freed-time.ts';
import { opMutationKey } from '#api/queries.ts';
import { offerUndo } from '#components/undo.tsx';
import type { MoveTarget } from './grid-geometry.ts';
import {
  type AgendaItem,
  type AppointmentRecord,
  applyRecord,
  changedFields,
  movedRecord,
  toRecord,
} from './model.ts';
import { replaceInLists, restoreLists } from './queries.ts';

export interface MoveVars {
  item: AgendaItem;
  target: MoveTarget;
  /** Write on top of this version instead of checking (the user chose "move anyway"). */
  base?: AgendaItem;
}

export interface MoveConflictState {
  vars: MoveVars;
  current: AgendaItem | null;
}

/**
 * Moving or resizing by drag: checks that nobody changed the appointment since it was loaded, shows the move at
 * once, writes the complete record and offers to undo it.
 */
export function useMoveAppointment(
  calendarName: (id: number) => string,
  setMoveConflict: (c: MoveConflictState | null) => void,
  setActionError: (e: unknown) => void,
) {
  const { t } = useTranslation('agenda');
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: opMutationKey('modifyAppointment'),
    mutationFn: ({ item, target, base }: MoveVars) =>
      moveAppointment({
        item,
        base,
        change: (previous) => movedRecord(previous, target),
        differs: (loaded, current) => changedFields(loaded, current).length > 0,
      }),
    onMutate: async ({ item, target }: MoveVars) => {
      await queryClient.cancelQueries({ queryKey: appointmentListsKey });
      const record: AppointmentRecord = movedRecord(toRecord(item.appt, item.calendarid), target);
      const snapshot = replaceInLists(queryClient, item.appt.id, {
        appt: applyRecord(item.appt, record, calendarName(target.calendarid)),
        calendarid: target.calendarid,
      });
      return { snapshot };
    },
    onError: (error, vars, context) => {
      if (context) restoreLists(queryClient, context.snapshot);
      if (error instanceof AppointmentChanged) setMoveConflict({ vars, current: error.current });
      else setActionError(error);
    },
    onSuccess: ({ appointmentid, previous }, { target }) => {
      setMoveConflict(null);
      // The time it left is a gap to fill (components/gaps/, decision 0051).
      freedBy(previous, movedRecord(previous, target));
      offerUndo({
        message: t('dialog.moved'),
        onUndo: async () => {
          await undoMove(appointmentid, previous, movedRecord(previous, target));
          notifications.show({ message: t('dialog.movedBack') });
          await invalidateAppointmentWrites(queryClient);
        },
      });
    },
    onSettled: () => invalidateAppointmentWrites(queryClient),
  });
}
