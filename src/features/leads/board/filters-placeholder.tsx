import { TextInput } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlaceholderProps } from '#components/deferred.tsx';
import type { ReferenceData } from '#contract/sales.ts';
import type { BoardParams } from '../url-state.ts';

export interface BoardFiltersProps {
  params: BoardParams;
  reference: ReferenceData | undefined;
  onChange: (patch: Partial<BoardParams>) => void;
}

/** The pickers' widths, the same for them and their stand-ins (filters.tsx). */
export const filterWidth = { assignee: 200, source: 190, flags: 220 } as const;

/**
 * The filters as they look until their pickers have loaded (a moment after the first cards): the same labels,
 * widths and chosen values, read-only.
 */
export function FiltersPlaceholder({ params, reference }: BoardFiltersProps & PlaceholderProps) {
  const { t } = useTranslation('leads');
  const chevron = <IconSelector size={16} aria-hidden />;
  const assignee =
    params.assignee === 'mine'
      ? t('filters.mine')
      : params.assignee === 'none'
        ? t('filters.unassigned')
        : params.assignee === null
          ? ''
          : `#${params.assignee}`;
  const label = (list: { code: string; label: string }[] | undefined, code: string) =>
    list?.find((s) => s.code === code)?.label ?? code;
  const common = { readOnly: true, 'aria-disabled': true, rightSection: chevron } as const;
  return (
    <>
      <TextInput
        {...common}
        label={t('filters.assignee')}
        placeholder={t('filters.anyone')}
        value={assignee}
        w={filterWidth.assignee}
      />
      <TextInput
        {...common}
        label={t('filters.source')}
        placeholder={t('filters.anySource')}
        value={params.source ? label(reference?.sources, params.source) : ''}
        w={filterWidth.source}
      />
      <TextInput
        {...common}
        label={t('filters.flags')}
        placeholder={params.flags.length === 0 ? t('filters.anyFlag') : undefined}
        value={params.flags.map((f) => label(reference?.flags, f)).join(', ')}
        w={filterWidth.flags}
      />
    </>
  );
}
