import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { opMutationKey, opScope } from '../../api/queries.ts';
import { offerUndo } from '../../components/undo.tsx';
import type { MoveTarget } from './grid-geometry.ts';
import {
  type AgendaItem,
  type AppointmentRecord,
  applyRecord,
  changedFields,
  modifyInput,
  movedRecord,
  toRecord,
} from './model.ts';
import {
  appointmentListsKey,
  changedMeanwhile,
  fetchCurrent,
  replaceInLists,
  restoreLists,
} from './queries.ts';

export class MoveConflict extends Error {
  readonly current: AgendaItem | null;
  constructor(current: AgendaItem | null) {
    super('The appointment changed since it was loaded.');
    this.current = current;
  }
}

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
    mutationFn: async ({ item, target, base }: MoveVars) => {
      let from = base;
      if (!from) {
        const current = await fetchCurrent(item.appt, item.calendarid);
        const found = current ? { appt: current, calendarid: item.calendarid } : null;
        const loaded = toRecord(item.appt, item.calendarid);
        if (!found || changedFields(loaded, toRecord(found.appt, found.calendarid)).length > 0) {
          throw new MoveConflict(found);
        }
        from = found;
      }
      const previous = toRecord(from.appt, from.calendarid);
      try {
        // ifVersion: a change made after the re-read above is refused (409) instead of overwritten.
        await call(
          'modifyAppointment',
          modifyInput(item.appt.id, movedRecord(previous, target), 0, from.appt.version),
        );
      } catch (e) {
        if (!changedMeanwhile(e)) throw e;
        const now = await fetchCurrent(item.appt, item.calendarid);
        throw new MoveConflict(now ? { appt: now, calendarid: item.calendarid } : null);
      }
      // The complete record as it was: what an undo writes back (modifyAppointment overwrites every field).
      return { appointmentid: item.appt.id, previous };
    },
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
      if (error instanceof MoveConflict) setMoveConflict({ vars, current: error.current });
      else setActionError(error);
    },
    onSuccess: ({ appointmentid, previous }) => {
      setMoveConflict(null);
      offerUndo({
        message: t('dialog.moved'),
        onUndo: async () => {
          await call('modifyAppointment', modifyInput(appointmentid, previous));
          notifications.show({ message: t('dialog.movedBack') });
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: appointmentListsKey }),
            queryClient.invalidateQueries({ queryKey: opScope('getSlots') }),
          ]);
        },
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentListsKey }),
        queryClient.invalidateQueries({ queryKey: opScope('getSlots') }),
      ]),
  });
}
