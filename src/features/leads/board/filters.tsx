import { MultiSelect, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userName, usersQuery } from '#api/system/people.ts';
import { type BoardFiltersProps, filterWidth } from './filters-placeholder.tsx';

/** The board's assignee, source and flag filters (toolbar.tsx loads them after the first cards). */
export function BoardFilters({ params, reference, onChange }: BoardFiltersProps) {
  const { t } = useTranslation('leads');
  // The user list is loaded when the assignee filter is opened or names a user, not before the cards.
  const [wantUsers, setWantUsers] = useState(typeof params.assignee === 'number');
  const users = useQuery({ ...usersQuery(), enabled: wantUsers || typeof params.assignee === 'number' });

  const assigneeValue = params.assignee === null ? null : String(params.assignee);
  const assigneeData = [
    { value: 'mine', label: t('filters.mine') },
    { value: 'none', label: t('filters.unassigned') },
    ...(users.data ?? [])
      .filter((u) => u.active || String(u.userid) === assigneeValue)
      .map((u) => ({ value: String(u.userid), label: userName(users.data, u.userid) })),
  ];
  if (assigneeValue && !assigneeData.some((d) => d.value === assigneeValue)) {
    assigneeData.push({ value: assigneeValue, label: `#${assigneeValue}` });
  }

  return (
    <>
      <Select
        label={t('filters.assignee')}
        placeholder={t('filters.anyone')}
        data={assigneeData}
        value={assigneeValue}
        onChange={(v) => {
          const assignee = v === null ? null : v === 'mine' || v === 'none' ? v : Number(v);
          onChange({ assignee });
        }}
        onDropdownOpen={() => setWantUsers(true)}
        clearable
        searchable
        w={filterWidth.assignee}
      />
      <Select
        label={t('filters.source')}
        placeholder={t('filters.anySource')}
        data={(reference?.sources ?? []).map((s) => ({ value: s.code, label: s.label }))}
        value={params.source || null}
        onChange={(v) => onChange({ source: v ?? '' })}
        clearable
        w={filterWidth.source}
      />
      <MultiSelect
        label={t('filters.flags')}
        placeholder={params.flags.length === 0 ? t('filters.anyFlag') : undefined}
        data={(reference?.flags ?? []).map((s) => ({ value: s.code, label: s.label }))}
        value={params.flags}
        onChange={(flags) => onChange({ flags })}
        clearable
        w={filterWidth.flags}
      />
    </>
  );
}
