import { z } from 'zod';
import { defineOperation, id, int, isoDate, jsonSchemaOf } from './common.ts';

/** A bookable service (docs/api.md#booking). */
export const bookingService = z.object({
  serviceid: z.number().int(),
  name: z.string(),
  /** Default duration in minutes. */
  duration: z.number().int(),
  /** userids of the practitioners who offer it. */
  providers: z.array(z.number().int()),
  location: z.number().int(),
});
export type BookingService = z.infer<typeof bookingService>;

/** A free slot (docs/api.md#booking). */
export const slot = z.object({
  /** Practice day of the start, `YYYYMMDD`. */
  ymd: z.string(),
  /** Start, Unix seconds. */
  from: z.number().int(),
  /** End, Unix seconds. */
  to: z.number().int(),
  /** userid of the practitioner. */
  provider: z.number().int(),
  location: z.number().int(),
});
export type Slot = z.infer<typeof slot>;

/** Longest search window of getSlots in days; a longer one is cut to this. */
export const MAX_SLOT_WINDOW_DAYS = 62;
/** Window of getSlots when `to` is not sent: from + this many days. */
export const DEFAULT_SLOT_WINDOW_DAYS = 14;

export const bookingOperations = {
  getServices: defineOperation({
    area: 'booking',
    path: '/booking/getServices',
    summary: 'Bookable services with their default duration, practitioners and location.',
    input: z.object({}),
    result: z.array(bookingService),
    envelope: 'standard',
    errors: {},
  }),
  getSlots: defineOperation({
    area: 'booking',
    path: '/booking/getSlots',
    summary:
      "Free slots: the practitioners' working hours minus the appointments of their calendars (cancelled -1, " +
      'no-show -2 and deleted ones free their time), the public holidays of the canton and the absences of the ' +
      "practitioner or of the whole practice (agenda/getAbsences), starting on the service's grid from the start of the working " +
      'hours, future only, sorted by start. Window from..to (days, both included); default today + 14 days, ' +
      'at most 62 days (a longer window is cut).',
    input: z.object({
      serviceid: id('Service-ID missing.'),
      /** 0 or missing = every practitioner of the service. */
      provider: int()
        .refine((n) => n >= 0, { error: 'Expected 0 or a provider id.' })
        .meta(jsonSchemaOf.nonNegative)
        .optional(),
      /** Minutes; 0 or missing = the service's default duration. */
      duration: int()
        .refine((n) => n >= 0 && n <= 24 * 60, { error: 'Expected 0 to 1440 minutes.' })
        .meta({ minimum: 0, maximum: 24 * 60 })
        .optional(),
      /** First day of the window, YYYY-MM-DD; default today. */
      from: isoDate().optional(),
      /** Last day of the window, YYYY-MM-DD; default from + 14 days. */
      to: isoDate().optional(),
    }),
    result: z.array(slot),
    envelope: 'standard',
    errors: { 'Service-ID missing.': 400, 'Unknown service.': 404 },
  }),
};
