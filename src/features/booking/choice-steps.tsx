import { Alert, Button, Group, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingService } from '../../../contract/booking.ts';
import type { Provider } from '../../../contract/system.ts';
import { ProviderName } from '../../components/person-name.tsx';

/** `Dr. med. Andrea Brunner` */
export function providerName(p: Pick<Provider, 'title' | 'givenname' | 'familyname'>): string {
  return [p.title, p.givenname, p.familyname].filter(Boolean).join(' ');
}

export function providerLabel(providers: readonly Provider[] | undefined, userid: number): string {
  const p = providers?.find((x) => x.userid === userid);
  return p ? providerName(p) : `#${userid}`;
}

export interface StepNavProps {
  onBack?: () => void;
  onNext?: () => void;
  nextDisabled?: boolean;
  nextLabel?: string;
}

/** Back and Next under a step. */
export function StepNav({ onBack, onNext, nextDisabled, nextLabel }: StepNavProps) {
  const { t } = useTranslation('booking');
  return (
    <Group justify="space-between" mt="md">
      <div>
        {onBack && (
          <Button variant="default" onClick={onBack}>
            {t('nav.back')}
          </Button>
        )}
      </div>
      {onNext && (
        <Button onClick={onNext} disabled={nextDisabled}>
          {nextLabel ?? t('nav.next')}
        </Button>
      )}
    </Group>
  );
}

export interface ServiceStepProps {
  services: readonly BookingService[];
  value: number | null;
  onChange: (serviceid: number) => void;
  onNext: () => void;
}

export function ServiceStep({ services, value, onChange, onNext }: ServiceStepProps) {
  const { t } = useTranslation('booking');
  if (services.length === 0) return <Text>{t('service.none')}</Text>;
  return (
    <Stack>
      <Radio.Group
        label={t('service.legend')}
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(Number(v))}
      >
        <Stack gap="sm" mt="xs">
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
      <StepNav onNext={onNext} nextDisabled={value === null} />
    </Stack>
  );
}

export interface ProviderStepProps {
  service: BookingService;
  providers: readonly Provider[];
  value: number | null;
  onChange: (provider: number) => void;
  onBack: () => void;
  onNext: () => void;
}

export function ProviderStep({ service, providers, value, onChange, onBack, onNext }: ProviderStepProps) {
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
          <Stack gap="sm" mt="xs">
            <Radio value="0" label={t('provider.any')} description={t('provider.anyHint')} />
            {offering.map((p) => (
              <Radio
                key={p.userid}
                value={String(p.userid)}
                label={providerName(p)}
                description={p.specialization}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <StepNav onBack={onBack} onNext={onNext} nextDisabled={value === null || offering.length === 0} />
    </Stack>
  );
}

export interface DurationStepProps {
  service: BookingService;
  value: number | null;
  onChoose: (minutes: number) => void;
  onBack: () => void;
}

export const MIN_DURATION = 5;
export const MAX_DURATION = 480;

export function DurationStep({ service, value, onChoose, onBack }: DurationStepProps) {
  const { t } = useTranslation('booking');
  const [minutes, setMinutes] = useState<number | string>(value ?? service.duration);
  const n = typeof minutes === 'number' ? minutes : Number(minutes);
  const valid = Number.isInteger(n) && n >= MIN_DURATION && n <= MAX_DURATION;
  return (
    <Stack>
      <NumberInput
        label={t('duration.label')}
        description={t('duration.hint', { count: service.duration })}
        value={minutes}
        onChange={setMinutes}
        min={MIN_DURATION}
        max={MAX_DURATION}
        step={5}
        allowDecimal={false}
        error={valid ? undefined : t('duration.invalid')}
        w={220}
      />
      <StepNav onBack={onBack} onNext={() => valid && onChoose(n)} nextDisabled={!valid} />
    </Stack>
  );
}
