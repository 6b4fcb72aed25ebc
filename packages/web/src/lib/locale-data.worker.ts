/**
 * Builds one of each kind of formatter the app uses, then ends. The first formatter of a kind makes the
 * browser list its locales for that kind, once for the whole process, whichever thread asks: asked here,
 * that work is off the page's main thread.
 */
import { LOCALES } from './format.ts';

new Intl.NumberFormat(LOCALES).format(1234.5);
new Intl.DateTimeFormat(LOCALES, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
new Intl.RelativeTimeFormat(LOCALES, { numeric: 'auto' }).format(-1, 'day');
self.close();
