import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LeadPage, leadsQuery } from '#api/sales.ts';
import { searchTextRefusal } from '#components/field-rules.ts';
import type { Lead } from '#contract/sales.ts';

const LEAD_SEARCH_LIMIT = 20;

export interface PickedLead {
  value: string;
  label: string;
}

/** `Muster Anna · anna@example.ch`, so that two leads of one name can be told apart. */
export function leadOption(lead: Lead): PickedLead {
  const name = [lead.contact.lastname, lead.contact.firstname].filter((s) => s.trim() !== '').join(' ');
  const reach = lead.communication.mail || lead.communication.mobile || lead.communication.phone;
  const label = [name || `#${lead.leadId}`, reach].filter(Boolean).join(' · ');
  return { value: String(lead.leadId), label };
}

export interface LeadPickerProps {
  value: string;
  onChange: (value: string, picked: PickedLead | null) => void;
  onBlur?: () => void;
  error?: string;
  /** Searches only while shown. */
  enabled: boolean;
}

/** Finds a lead by what the user types (getLeads search, debounced); the service does the matching. */
export function LeadPicker({ value, onChange, onBlur, error, enabled }: LeadPickerProps) {
  const { t } = useTranslation('tasks');
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<PickedLead | null>(null);
  const [term] = useDebouncedValue(typed, 300);
  const search = useQuery({
    // A contains-match on name, mail and phone; the most recently active first.
    ...leadsQuery({ filter: { search: term.trim() }, offset: 0, limit: LEAD_SEARCH_LIMIT }),
    select: (page: LeadPage) => page.items,
    placeholderData: keepPreviousData,
    // Longer than the service searches by: said at the field instead of sent.
    enabled: enabled && !searchTextRefusal(term),
  });
  const found = (search.data ?? []).filter((l) => !l.deleted).map(leadOption);
  // The chosen lead stays an option whatever the last search found.
  const data = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;

  return (
    <Select
      label={t('form.lead')}
      placeholder={t('form.leadPlaceholder')}
      required
      searchable
      clearable
      data={data}
      value={value === '' ? null : value}
      onChange={(v) => {
        const option = data.find((o) => o.value === v) ?? null;
        setPicked(option);
        onChange(v ?? '', option);
      }}
      onSearchChange={(s) => {
        // Choosing an option writes its label into the box: that is no new search.
        if (s !== picked?.label) setTyped(s);
      }}
      // The service has matched already (also on mail and phone, which the label may not show).
      filter={({ options }) => options}
      nothingFoundMessage={search.isFetching ? undefined : t('form.leadNothing')}
      rightSection={search.isFetching ? <Loader size={14} aria-hidden /> : undefined}
      error={error ?? searchTextRefusal(typed)}
      onBlur={onBlur}
      // The dialog opens with the focus here: the list opens when the user types or presses Down, not at once over
      // the form (a list nobody asked for, which also scrolled out of reach of Tab).
      openOnFocus={false}
      data-autofocus
    />
  );
}
