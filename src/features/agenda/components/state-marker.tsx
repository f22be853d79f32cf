import { IconBan, IconCheck, IconHourglass, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { StateLook } from '../model.ts';

/** A sign beside the colour, so that a state reads without colour too (colour-blind users, the printed list). */
const icons: Partial<Record<StateLook, ComponentType<{ size?: number; stroke?: number }>>> = {
  waiting: IconHourglass,
  arrived: IconUserCheck,
  done: IconCheck,
  cancelled: IconBan,
  noShow: IconUserOff,
};

/**
 * The visible state marker of an appointment (`data-state`), or nothing for a planned one or one without state. Its
 * name is in the text beside it (the block's accessible name, the legend's label), so the sign itself is hidden.
 */
export function StateMarker({ look, className }: { look: StateLook; className?: string }) {
  const Icon = icons[look];
  if (!Icon) return null;
  return (
    <span className={className} data-state={look} data-testid="state-marker" aria-hidden>
      <Icon size={12} stroke={2.5} />
    </span>
  );
}
