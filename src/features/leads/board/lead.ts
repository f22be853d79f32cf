import { zurichDateTime } from '#contract/practice-time.ts';
import type { Lead } from '#contract/sales.ts';

/**
 * What a card shows about a lead. The service's date-times are practice wall times (`YYYY-MM-DD HH:MM:SS`,
 * Europe/Zurich), so cards compare and format them as text: no date library on a path that runs for every card.
 */

/** `Muster Anna` (as the details page names a lead), else mail, mobile or phone, else `#12`. */
export function leadName(lead: Pick<Lead, 'leadId' | 'contact' | 'communication'>): string {
  const name = [lead.contact.lastname, lead.contact.firstname].filter((s) => s.trim() !== '').join(' ');
  return (
    name ||
    lead.communication.mail ||
    lead.communication.mobile ||
    lead.communication.phone ||
    `#${lead.leadId}`
  );
}

let lastNow = { ms: Number.NaN, text: '' };

/** The practice's wall time of an instant, `YYYY-MM-DD HH:MM:SS` (the same second is computed once). */
export function practiceNowText(now: Date = new Date()): string {
  const ms = Math.floor(now.getTime() / 1000);
  if (ms === lastNow.ms) return lastNow.text;
  const text = zurichDateTime(now);
  lastNow = { ms, text };
  return text;
}

const practiceRe = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::\d{2})?)?$/;

function dayNumber(ymd: string): number {
  const [y, m, d] = ymd.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** Whole practice days between the last activity and today (0 = today). null when unknown. */
export function daysSince(lastActivity: string, now: Date = new Date()): number | null {
  if (!practiceRe.test(lastActivity)) return null;
  return Math.max(0, dayNumber(practiceNowText(now).slice(0, 10)) - dayNumber(lastActivity.slice(0, 10)));
}

/** `21.11.2026` from `2026-11-21[ …]`; '' for anything else. */
export function practiceDate(value: string | null): string {
  const m = value ? practiceRe.exec(value) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** `21.11.2026 14:30` from `2026-11-21 14:30:00`; the date alone when there is no time. */
export function practiceDateTime(value: string | null): string {
  const m = value ? practiceRe.exec(value) : null;
  if (!m) return '';
  return m[4] ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}` : `${m[3]}.${m[2]}.${m[1]}`;
}

/** The next reminder, as the card writes it, and whether it is overdue (its time has passed). */
export function reminderState(
  nextReminder: string | null,
  now: Date = new Date(),
): { date: string; overdue: boolean } | null {
  if (!nextReminder || !practiceRe.test(nextReminder)) return null;
  // Same format, same zone: the text order is the time order.
  return { date: practiceDate(nextReminder), overdue: nextReminder < practiceNowText(now) };
}
