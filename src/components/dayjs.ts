import dayjs from 'dayjs';
// Weekday and month names of dayjs (stats, Mantine's pickers) in the app's languages; English is built in.
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/**
 * dayjs as the areas use it: utc and timezone for calendar arithmetic (`dayjs.tz(s, PRACTICE_ZONE)`), the typed
 * formats of Mantine's date fields (customParseFormat), the app's languages. Imported by what uses dates pickers or
 * dayjs, not by the first page: formatting (format.ts) and day arithmetic (practice-clock.ts) do without it.
 */
export { dayjs };
