/**
 * Builds one of each formatter the app uses, then ends. A browser loads its locale data (ICU) once per
 * process, the first time any thread formats: done here, that load is off the page's main thread.
 */
import { LOCALES } from './format.ts';

new Intl.NumberFormat(LOCALES).format(1234.5);
new Intl.DateTimeFormat(LOCALES, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
new Intl.RelativeTimeFormat(LOCALES, { numeric: 'auto' }).format(-1, 'day');
self.close();
