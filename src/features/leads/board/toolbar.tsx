import { Button, Group, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred } from '#components/deferred.tsx';
import { searchTextRefusal } from '#components/field-rules.ts';
import type { ReferenceData } from '#contract/sales.ts';
import type { BoardParams } from '../url-state.ts';
import { FiltersPlaceholder } from './filters-placeholder.tsx';
import type { Pipeline } from './rules.ts';
import classes from './toolbar.module.css';

export interface BoardToolbarProps {
  params: BoardParams;
  reference: ReferenceData | undefined;
  onChange: (patch: Partial<BoardParams>) => void;
}

/** The assignee, source and flag pickers (Mantine's Combobox): loaded after the first cards. */
const BoardFilters = deferred(() => import('./filters.tsx').then((m) => m.BoardFilters), FiltersPlaceholder);

/** The pipeline switch and the filters; all of them live in the address. */
export function BoardToolbar({ params, reference, onChange }: BoardToolbarProps) {
  const { t } = useTranslation('leads');
  const pipelineName = useId();
  // The search field types freely; the address follows after a pause. A change of the address from elsewhere
  // (Back, a link) replaces the text, one that came from typing does not.
  const [text, setText] = useState(params.search);
  const pushed = useRef(params.search);
  useEffect(() => {
    if (params.search !== pushed.current) {
      pushed.current = params.search;
      setText(params.search);
    }
  }, [params.search]);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const pushSearch = (value: string) => {
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      pushed.current = value;
      latestOnChange.current({ search: value });
    }, 300);
  };

  // On a phone the filters would fill the first screen: all but the pipeline and the search wait behind "Filters".
  const phone = useMediaQuery('(max-width: 48em)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const hiddenCount =
    (params.assignee !== null ? 1 : 0) +
    (params.source !== '' ? 1 : 0) +
    (params.flags.length > 0 ? 1 : 0) +
    (params.showDeleted ? 1 : 0);
  const showFilters = !phone || filtersOpen;

  const active =
    params.search !== '' ||
    params.assignee !== null ||
    params.source !== '' ||
    params.flags.length > 0 ||
    params.showDeleted;

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <div className={classes.segments} role="radiogroup" aria-label={t('pipeline.label')}>
        {(['patient', 'contact'] as const).map((pipeline) => (
          <label key={pipeline} className={classes.segment}>
            <input
              type="radio"
              name={pipelineName}
              value={pipeline}
              checked={params.pipeline === pipeline}
              onChange={() => onChange({ pipeline: pipeline satisfies Pipeline })}
            />
            <span className={classes.segmentLabel}>{t(`pipeline.${pipeline}`)}</span>
          </label>
        ))}
      </div>
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        type="search"
        // Longer than the service searches by: said here, and the board keeps its last search.
        error={searchTextRefusal(text)}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setText(value);
          if (searchTextRefusal(value)) clearTimeout(searchTimer.current);
          else pushSearch(value);
        }}
        w={phone ? '100%' : 220}
      />
      {phone && (
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-expanded={filtersOpen}
          aria-controls="board-filters"
          onClick={() => setFiltersOpen((o) => !o)}
        >
          {hiddenCount > 0 ? t('filters.toggleActive', { count: hiddenCount }) : t('filters.toggle')}
        </Button>
      )}
      {showFilters && (
        <Group id="board-filters" gap="sm" align="flex-end" wrap="wrap" display="contents">
          <BoardFilters params={params} reference={reference} onChange={onChange} />
          <label className={classes.switch}>
            <span className={classes.control}>
              <input
                type="checkbox"
                role="switch"
                aria-checked={params.showDeleted}
                checked={params.showDeleted}
                onChange={(e) => onChange({ showDeleted: e.currentTarget.checked })}
              />
              <span className={classes.track} aria-hidden>
                <span className={classes.thumb} />
              </span>
            </span>
            {t('filters.showDeleted')}
          </label>
          {active && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => {
                clearTimeout(searchTimer.current);
                pushed.current = '';
                setText('');
                onChange({ search: '', assignee: null, source: '', flags: [], showDeleted: false });
              }}
            >
              {t('filters.clear')}
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
