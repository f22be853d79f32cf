import { Badge } from '@mantine/core';
import { IconBell, IconClock, IconDots, IconUser } from '@tabler/icons-react';
import {
  type ComponentType,
  createContext,
  type MouseEvent,
  memo,
  type RefObject,
  Suspense,
  useContext,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '#components/lazy-part.tsx';
import type { Lead } from '#contract/sales.ts';
import classes from './board.module.css';
import { type CardDrag, useBoardActions, useBoardLookups } from './context.ts';
import { daysSince, leadName, practiceDateTime, reminderState } from './lead.ts';

const LoadedCardMenu = lazyPart(() => import('./card-menu.tsx').then((m) => m.CardMenu));

/** The menu's code, fetched after the first cards so that the first press opens it at once. */
export function preloadCardMenu(): void {
  void import('./card-menu.tsx').catch(() => {});
}

export interface BoardCardProps {
  lead: Lead;
  selected: boolean;
  /** The one card of its column in the Tab order (roving tabindex). */
  tabbable: boolean;
}

/** A control inside the card (or its menu) handles its own clicks. */
function fromControl(e: MouseEvent<HTMLElement>): boolean {
  const target = e.target as Element;
  return (
    target !== e.currentTarget &&
    target.closest('button, input, a, [role="menuitem"], [role="menu"]') !== null
  );
}

/**
 * A lead on the board: focusable, named by the lead's name; opens with a click or Enter, moves by dragging
 * (mouse, touch, keyboard Space) or through its Actions menu; the checkbox (shift-click for a range, `x` on the
 * focused card) selects it for the action bar.
 *
 * Two parts: the frame renders again whenever a drag moves (dnd-kit's context), the memoised body only when its
 * lead, selection or tab stop changes. Plain elements and CSS keep a card cheap: a board renders many.
 * Drag and drop loads after the first cards (drag.tsx gives `drag`); until then a card is not movable, and
 * says so by having no `aria-roledescription`.
 */
export function CardFrame({ lead, selected, tabbable, drag }: BoardCardProps & { drag?: CardDrag }) {
  const actions = useBoardActions();
  const { roleDescription } = useBoardLookups();
  const movable = drag !== undefined && !lead.deleted;
  const on = drag?.listeners;
  return (
    <article
      ref={drag?.ref}
      className={classes.card}
      data-lead-id={lead.leadId}
      data-selected={selected || undefined}
      data-dragging={drag?.isDragging || undefined}
      data-deleted={lead.deleted || undefined}
      aria-label={leadName(lead)}
      aria-roledescription={movable ? roleDescription : undefined}
      aria-describedby={movable ? drag.describedBy : undefined}
      tabIndex={tabbable ? 0 : -1}
      onPointerDown={(e) => on?.onPointerDown?.(e)}
      onTouchStart={(e) => on?.onTouchStart?.(e)}
      onKeyDown={(e) => {
        actions.cardKeyDown(e, lead);
        if (!e.defaultPrevented) on?.onKeyDown?.(e);
      }}
      onFocus={(e) => {
        if (e.target === e.currentTarget) actions.cardFocused(lead);
      }}
      onClick={(e) => {
        if (fromControl(e)) return;
        if (e.shiftKey) actions.select(lead, 'range');
        else if (e.ctrlKey || e.metaKey) actions.select(lead, 'toggle');
        else actions.act('open', lead);
      }}
    >
      <CardBody lead={lead} selected={selected} tabbable={tabbable} />
    </article>
  );
}

/** A card before drag and drop has loaded. */
const StaticCard = memo(function StaticCard(props: BoardCardProps) {
  return <CardFrame {...props} />;
});

/** The card the columns render: the static one, then drag.tsx's draggable one. */
export const CardComponentContext = createContext<ComponentType<BoardCardProps>>(StaticCard);

/**
 * The lead whose Actions menu is open, kept by the board (view.tsx): when drag and drop arrives every card is
 * rendered anew, and a menu opened just before would close under the person's pointer. The new card opens it again.
 */
export const OpenCardMenuContext = createContext<RefObject<number | null> | null>(null);

const CardBody = memo(function CardBody({ lead, selected, tabbable }: BoardCardProps) {
  const { t } = useTranslation('leads');
  const actions = useBoardActions();
  const { userName, sourceLabel, flagLabel } = useBoardLookups();
  const name = leadName(lead);
  const days = daysSince(lead.lastActivity);
  const reminder = reminderState(lead.nextReminder);
  const assignee = userName(lead.assigneeId);

  return (
    <>
      <div className={classes.row}>
        <input
          type="checkbox"
          className={classes.checkbox}
          aria-label={t('card.select', { name })}
          checked={selected}
          tabIndex={tabbable ? 0 : -1}
          onChange={() => {}}
          onClick={(e) => {
            e.stopPropagation();
            actions.select(lead, e.shiftKey ? 'range' : 'toggle');
          }}
        />
        <span
          className={`${classes.name} ${classes.nameText} ${lead.deleted ? classes.struck : ''}`}
          // The name is cut at the card's width; the whole of it on hover.
          title={name}
        >
          {name}
        </span>
        {lead.unread && (
          <>
            <span className={classes.unread} aria-hidden />
            <span className={classes.srOnly}>{t('card.unread')}</span>
          </>
        )}
        <CardMenu lead={lead} tabbable={tabbable} />
      </div>
      <p className={`${classes.what} ${classes.whatText} ${lead.what ? '' : classes.dimmed}`}>
        {lead.what || t('card.noConcern')}
      </p>
      {(lead.flags.length > 0 || lead.deleted) && (
        <div className={classes.flags}>
          {lead.deleted && (
            <Badge size="xs" color="gray" variant="filled">
              {t('card.deleted')}
            </Badge>
          )}
          {lead.flags.map((f) => (
            <Badge
              key={f}
              size="xs"
              variant="light"
              color={f === 'URGENT' ? 'red' : f === 'VIP' ? 'grape' : 'blue'}
            >
              {flagLabel(f)}
            </Badge>
          ))}
        </div>
      )}
      <div className={classes.meta}>
        {lead.source && (
          <span className={classes.metaItem}>
            <span className={classes.srOnly}>{t('card.source')} </span>
            {sourceLabel(lead.source)}
          </span>
        )}
        <span className={`${classes.metaItem} ${assignee ? classes.strong : ''}`}>
          <IconUser size={12} aria-hidden />
          <span className={classes.srOnly}>{t('card.assignee')} </span>
          {assignee || t('card.unassigned')}
        </span>
        {days !== null && (
          <span
            className={classes.metaItem}
            title={t('card.lastActivityAt', { at: practiceDateTime(lead.lastActivity) })}
          >
            <IconClock size={12} aria-hidden />
            <span className={classes.srOnly}>{t('card.lastActivity')} </span>
            {days === 0 ? t('card.today') : t('card.days', { count: days })}
          </span>
        )}
        {reminder && (
          <span
            className={`${classes.metaItem} ${reminder.overdue ? classes.overdue : ''}`}
            data-overdue={reminder.overdue || undefined}
          >
            <IconBell size={12} aria-hidden />
            <span className={classes.srOnly}>
              {reminder.overdue ? t('card.overdue') : t('card.reminder')}{' '}
            </span>
            {reminder.date}
          </span>
        )}
      </div>
    </>
  );
});

/**
 * The card's Actions. A plain button until first used: a Mantine Menu per card would cost every card on the board
 * its popover machinery, and the menu's code (card-menu.tsx) is not needed before the first cards. Once
 * opened, the menu stays mounted for that card.
 */
function CardMenu({ lead, tabbable }: { lead: Lead; tabbable: boolean }) {
  const { t } = useTranslation('leads');
  const openMenu = useContext(OpenCardMenuContext);
  const wasOpen = () => openMenu?.current === lead.leadId;
  const [opened, setOpenedHere] = useState(wasOpen);
  const [mounted, setMounted] = useState(wasOpen);
  const setOpened = (value: boolean) => {
    setOpenedHere(value);
    if (!openMenu) return;
    if (value) openMenu.current = lead.leadId;
    else if (openMenu.current === lead.leadId) openMenu.current = null;
  };
  const button = (
    <button
      type="button"
      className={classes.menuButton}
      aria-label={t('card.actions')}
      aria-haspopup="menu"
      aria-expanded={opened}
      tabIndex={tabbable ? 0 : -1}
      onClick={
        mounted
          ? undefined
          : () => {
              setMounted(true);
              setOpened(true);
            }
      }
    >
      <IconDots size={16} aria-hidden />
    </button>
  );
  if (!mounted) return button;
  return (
    <Suspense fallback={button}>
      <LoadedCardMenu lead={lead} opened={opened} onChange={setOpened} target={button} />
    </Suspense>
  );
}

/** The card under the pointer while dragging (DragOverlay): a picture, hidden from screen readers. */
export function CardPreview({ lead }: { lead: Lead }) {
  return (
    <div className={`${classes.card} ${classes.overlay}`} aria-hidden>
      <div className={`${classes.name} ${classes.nameText}`}>{leadName(lead)}</div>
      <p className={`${classes.what} ${classes.whatText}`}>{lead.what}</p>
    </div>
  );
}
