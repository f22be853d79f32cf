import { Group, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DayField } from '#components/date-time-fields.tsx';
import { isBirthRefusal } from '#components/patient-criteria.ts';
import { formatAhv, isValidAhv } from '#contract/text-match.ts';
import { customerLanguages, type NewPatientValues } from './schema.ts';

/** The fields of a patient's record as the app edits them; every form that writes a patient uses these. */
export type PatientFieldValues = Omit<NewPatientValues, 'group'>;

/**
 * A patient's fields (createCustomer's, but the group), for the new-patient dialog and the patient's data form:
 * one layout, one set of labels, the AHV number shown as on the card once it is valid.
 */
export function PatientFields<T extends PatientFieldValues>({
  form,
  autoFocus,
}: {
  form: UseFormReturn<T>;
  autoFocus?: boolean;
}) {
  // The fields are those of PatientFieldValues whatever T adds: read and write them by that type.
  const f = form as unknown as UseFormReturn<PatientFieldValues>;
  const { t } = useTranslation('patients');
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = f;
  const err = (key: keyof PatientFieldValues) => {
    const m = errors[key]?.message;
    if (!m) return undefined;
    // A date field's refusal (the same words as at every date field), a key of ours (one word), or a text already
    // in the user's language (a limit or the postcode rule, form-resolver.ts) or the service's own (`Unknown
    // language: fr`).
    if (isBirthRefusal(m)) return t(`dateTime.refused.${m}`, { ns: 'common' });
    return /^\w+$/.test(m) ? t(`newPatient.errors.${m}`, { defaultValue: m }) : m;
  };
  const languageOptions = customerLanguages.map((l) => ({ value: l, label: t(`languages.${l}`) }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput {...register('title')} label={t('fields.title')} error={err('title')} />
        <TextInput
          {...register('lastname')}
          label={t('fields.lastname')}
          error={err('lastname')}
          withAsterisk
          data-autofocus={autoFocus ? true : undefined}
        />
        <TextInput
          {...register('firstname')}
          label={t('fields.firstname')}
          error={err('firstname')}
          withAsterisk
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <Radio.Group
              label={t('fields.gender')}
              value={field.value}
              onChange={field.onChange}
              error={err('gender')}
              withAsterisk
            >
              <Group mt={6}>
                <Radio value="female" label={t('gender.female')} />
                <Radio value="male" label={t('gender.male')} />
              </Group>
            </Radio.Group>
          )}
        />
        <Controller
          control={control}
          name="dob"
          render={({ field }) => (
            <DayField
              label={t('fields.dob')}
              kind="birth"
              description={t('newPatient.dobHint')}
              error={err('dob')}
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <TextInput
          {...register('ahv', {
            // Shown as written on the card once it is a valid number: 756.1234.5678.97.
            onBlur: (e) => {
              const v = (e.target as HTMLInputElement).value;
              if (isValidAhv(v) && formatAhv(v) !== v) setValue('ahv', formatAhv(v), { shouldDirty: true });
            },
          })}
          label={t('fields.ahv')}
          description={t('newPatient.ahvHint')}
          error={err('ahv')}
          autoComplete="off"
          inputMode="numeric"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput {...register('street')} label={t('fields.street')} error={err('street')} />
        <TextInput {...register('zip')} label={t('fields.zip')} error={err('zip')} />
        <TextInput {...register('city')} label={t('fields.city')} error={err('city')} />
        <TextInput {...register('country')} label={t('fields.country')} error={err('country')} />
        <TextInput
          {...register('countrycode')}
          label={t('fields.countrycode')}
          description={t('newPatient.countrycodeHint')}
          error={err('countrycode')}
          maxLength={2}
        />
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Select
              label={t('fields.language')}
              description={t('newPatient.languageHint')}
              data={languageOptions}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={err('language')}
              clearable
            />
          )}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput {...register('tel')} label={t('fields.tel')} type="tel" error={err('tel')} />
        <TextInput {...register('mobile')} label={t('fields.mobile')} type="tel" error={err('mobile')} />
        <TextInput {...register('mail')} label={t('fields.mail')} type="email" error={err('mail')} />
      </SimpleGrid>
    </>
  );
}
