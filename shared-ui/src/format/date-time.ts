const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string | undefined) => {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // An unknown zone name (RangeError) must not blank the screen: show the browser's zone.
      formatter = new Intl.DateTimeFormat('en-US', options);
    }
    formatters.set(key, formatter);
  }
  return formatter;
};

/** An ISO timestamp as a date and time in `timeZone` (an IANA name such as "America/New_York"). */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatterFor(timeZone || undefined).format(date);
}

/** An ISO timestamp as a date in `timeZone`: "Mar 10, 2026". */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: timeZone || undefined });
  } catch {
    return date.toLocaleDateString('en-US', { dateStyle: 'medium' });
  }
}
