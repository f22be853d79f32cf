import { Alert, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { providerLabel } from '#api/name-format.ts';
import { ProviderName } from '#components/person-name.tsx';
import type { BookingService } from '#contract/booking.ts';
import type { Provider } from '#contract/system.ts';

/** The practitioner's name (`Dr. med. Andrea Brunner`), `#12` for one not in the list. */
export function providerOf(providers: readonly Provider[] | undefined, userid: number): string {
  const p = providers?.find((x) => x.userid === userid);
  return p ? providerLabel(p) : `#${userid}`;
}

export interface ServiceStepProps {
  services: readonly BookingService[];
  value: number | null;
  onChange: (serviceid: number) => void;
}

export function ServiceStep({ services, value, onChange }: ServiceStepProps) {
  const { t } = useTranslation('booking');
  if (services.length === 0) return <Text>{t('service.none')}</Text>;
  return (
    <Stack>
      <Radio.Group
        label={t('service.legend')}
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(Number(v))}
      >
        <Stack gap={6} mt={4}>
          {services.map((s) => (
            <Radio
              key={s.serviceid}
              value={String(s.serviceid)}
              label={s.name}
              description={
                <>
                  {t('service.minutes', { count: s.duration })}
                  {s.providers.map((p, i) => (
                    <Fragment key={p}>
                      {i === 0 ? ' · ' : ', '}
                      <ProviderName userid={p} />
                    </Fragment>
                  ))}
                </>
              }
            />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

export interface ProviderStepProps {
  service: BookingService;
  providers: readonly Provider[];
  value: number | null;
  onChange: (provider: number) => void;
}

export function ProviderStep({ service, providers, value, onChange }: ProviderStepProps) {
  const { t } = useTranslation('booking');
  // Only active practitioners (getProviders lists no others) who offer the service.
  const offering = providers.filter((p) => service.providers.includes(p.userid));
  return (
    <Stack>
      {offering.length === 0 ? (
        <Alert color="orange">{t('provider.none')}</Alert>
      ) : (
        <Radio.Group
          label={t('provider.legend')}
          value={value === null ? null : String(value)}
          onChange={(v) => onChange(Number(v))}
        >
          <Stack gap={6} mt={4}>
            <Radio value="0" label={t('provider.any')} description={t('provider.anyHint')} />
            {offering.map((p) => (
              <Radio
                key={p.userid}
                value={String(p.userid)}
                label={providerLabel(p)}
                description={p.specialization}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}

export interface DurationStepProps {
  service: BookingService;
  value: number | null;
  /** A valid duration was entered. */
  onChoose: (minutes: number) => void;
}

export const MIN_DURATION = 5;
export const MAX_DURATION = 480;

export function DurationStep({ service, value, onChoose }: DurationStepProps) {
  const { t } = useTranslation('booking');
  const [minutes, setMinutes] = useState<number | string>(value ?? service.duration);
  const n = typeof minutes === 'number' ? minutes : Number(minutes);
  const valid = Number.isInteger(n) && n >= MIN_DURATION && n <= MAX_DURATION;
  return (
    <NumberInput
      label={t('duration.label')}
      description={t('duration.hint', { count: service.duration })}
      value={minutes}
      onChange={(v) => {
        setMinutes(v);
        const m = typeof v === 'number' ? v : Number(v);
        if (Number.isInteger(m) && m >= MIN_DURATION && m <= MAX_DURATION) onChoose(m);
      }}
      min={MIN_DURATION}
      max={MAX_DURATION}
      step={5}
      allowDecimal={false}
      error={valid ? undefined : t('duration.invalid')}
      w={220}
    />
  );
}
