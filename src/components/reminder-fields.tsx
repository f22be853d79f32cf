import type { Control, FieldValues, Path } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { DayField, TimeField } from './date-time-fields.tsx';

/** A form with a reminder as a day (`YYYY-MM-DD` or empty) and a time (`HH:MM` or empty). */
export interface ReminderValues extends FieldValues {
  day: string;
  time: string;
}

export interface ReminderFieldsProps<F extends ReminderValues, O> {
  control: Control<F, unknown, O>;
  dayLabel: string;
  timeLabel: string;
  /** The messages of the two fields, already in the user's language. */
  dayError?: string;
  timeError?: string;
}

/**
 * A task's reminder: its day (clearable) and its time, side by side in the form's grid (the new task of the
 * inbox and of a lead's page). The form joins them into `YYYY-MM-DD HH:MM`.
 */
export function ReminderFields<F extends ReminderValues, O>({
  control,
  dayLabel,
  timeLabel,
  dayError,
  timeError,
}: ReminderFieldsProps<F, O>) {
  return (
    <>
      <Controller
        control={control}
        name={'day' as Path<F>}
        render={({ field }) => (
          <DayField
            label={dayLabel}
            error={dayError}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            clearable
          />
        )}
      />
      <Controller
        control={control}
        name={'time' as Path<F>}
        render={({ field }) => (
          <TimeField
            label={timeLabel}
            error={timeError}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
    </>
  );
}
