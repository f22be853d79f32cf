import { Button, Group } from '@mantine/core';
import {
  type Icon,
  IconArmchair,
  IconBan,
  IconCircleCheck,
  IconDoorEnter,
  IconUserX,
} from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StateAction, stateActions } from '../model.ts';

const icons: Record<StateAction['name'], Icon> = {
  arrived: IconDoorEnter,
  waiting: IconArmchair,
  done: IconCircleCheck,
  noShow: IconUserX,
  cancelled: IconBan,
};

export interface StateActionsProps {
  /** The appointment's state now. */
  state: string;
  /** The toolbar's name: whose state it sets. */
  label: string;
  /** A write of this row is under way: presses wait for it. */
  busy: boolean;
  onSet: (action: StateAction) => void;
  className?: string;
}

/**
 * The five states as one toolbar: one Tab stop, ← and → (Home, End) move between the buttons, Enter or Space sets
 * (the ARIA toolbar pattern). The state the appointment has is shown pressed.
 */
export function StateActions({ state, label, busy, onSet, className }: StateActionsProps) {
  const { t } = useTranslation('today');
  const [focus, setFocus] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = stateActions.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? Math.min(last, focus + 1)
        : e.key === 'ArrowLeft'
          ? Math.max(0, focus - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    setFocus(to);
    refs.current[to]?.focus();
  };

  return (
    <Group
      gap={4}
      wrap="wrap"
      role="toolbar"
      aria-label={label}
      aria-busy={busy}
      onKeyDown={move}
      className={className}
    >
      {stateActions.map((a, i) => {
        const Icon = icons[a.name];
        const current = a.state === state;
        return (
          <Button
            key={a.state}
            ref={(el) => {
              refs.current[i] = el;
            }}
            size="compact-xs"
            variant={current ? 'filled' : 'default'}
            color={current ? 'teal.9' : undefined}
            leftSection={<Icon size={14} stroke={1.7} aria-hidden />}
            aria-pressed={current}
            aria-keyshortcuts={a.key}
            title={`${t(`action.${a.name}`)} (${a.key})`}
            tabIndex={i === focus ? 0 : -1}
            onFocus={() => setFocus(i)}
            // Not disabled while a write is under way: the focus stays on the button; a second press is written after
            // the first (set-state.ts runs the writes one after the other).
            data-busy={busy || undefined}
            onClick={() => {
              if (!current) onSet(a);
            }}
          >
            {t(`action.${a.name}`)}
          </Button>
        );
      })}
    </Group>
  );
}
