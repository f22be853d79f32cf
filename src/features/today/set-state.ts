import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AppointmentGone,
  type DayAppointment,
  dayAppointmentsQuery,
  invalidateAppointmentWrites,
  writeAppointmentState,
} from '#api/agenda.ts';
import type { OpData } from '#api/queries.ts';
import { opMutationKey } from '#api/queries.ts';
import { appointmentStateName } from '#components/codes.ts';
import { toPracticeDateTime } from '#components/format.ts';
import { addDays } from '#components/practice-clock.ts';
import { describeError } from '#components/states.tsx';
import { offerUndo } from '#components/undo.tsx';
import { recordStateTime } from './state-times.ts';

export interface SetStateVars {
  appt: DayAppointment;
  /** P, W, 1, 2, -1 or -2. */
  state: string;
  /** The patient's name as the row shows it (for the notice and its undo). */
  patient: string;
}

/**
 * One click or key sets a state: shown at once in the day list, written on the complete record as the service has
 * it (api/agenda.ts writeAppointmentState), offered to undo; the lists and booking's free times are read again.
 * `onFailure` gets the sentence to show when it was not written (the row goes back to what it was).
 */
export function useSetState(day: string, onFailure: (message: string) => void) {
  const { t } = useTranslation('today');
  const queryClient = useQueryClient();
  const dayKey = dayAppointmentsQuery(day).queryKey;

  const refresh = () => invalidateAppointmentWrites(queryClient);

  /** This device's note of when it set a state (the fallback when the service sends no `stateChanged`). */
  const remember = (id: number, state: string) => {
    const now = new Date();
    recordStateTime(id, state, toPracticeDateTime(now), addDays(day, -1));
  };

  const mutationKey = opMutationKey('modifyAppointment');
  return useMutation({
    mutationKey,
    // One write after the other: a second click or key while the first is under way is shown at once and written
    // when the first is done (each on the record as the service then has it), never dropped or raced.
    scope: { id: 'today-state' },
    mutationFn: ({ appt, state }: SetStateVars) => writeAppointmentState({ appt, state }),
    onMutate: async ({ appt, state }: SetStateVars) => {
      await queryClient.cancelQueries({ queryKey: dayKey });
      const before = queryClient.getQueryData<OpData<'getAppointments'>>(dayKey);
      const at = toPracticeDateTime(new Date());
      queryClient.setQueryData<OpData<'getAppointments'>>(dayKey, (list) =>
        list?.map((a) =>
          a.id === appt.id
            ? { ...a, state, ...(a.stateChanged !== undefined ? { stateChanged: at } : {}) }
            : a,
        ),
      );
      return { before };
    },
    onError: (error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(dayKey, context.before);
      onFailure(
        error instanceof AppointmentGone ? t('gone') : t('notSaved', { msg: describeError(error, t) }),
      );
    },
    onSuccess: ({ previous }, { appt, state, patient }) => {
      remember(appt.id, state);
      offerUndo({
        message: t('set', { patient, state: appointmentStateName(state) }),
        onUndo: async () => {
          await writeAppointmentState({ appt, state: previous, expected: state });
          remember(appt.id, previous);
          notifications.show({
            message: t('setBack', { patient, state: appointmentStateName(previous) }),
          });
          await refresh();
        },
      });
    },
    // The lists are read again when the last queued write is done (a read in between would show a state that is
    // about to change again).
    onSettled: () => (queryClient.isMutating({ mutationKey }) <= 1 ? refresh() : undefined),
  });
}
