import type * as v from 'valibot';
import type { TimezoneOption } from 'shared-contracts';

/** The zone's offset from UTC now, in minutes, from the runtime's own tz database. */
function offsetMinutes(zone: string, now: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(now).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

const formatOffset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

/** Every IANA zone the runtime knows, by current offset then name, e.g. "(UTC-05:00) America/New_York". */
export function timeZoneOptions(now = new Date()): Array<v.InferOutput<typeof TimezoneOption>> {
  return Intl.supportedValuesOf('timeZone')
    .map((value) => {
      const offset = offsetMinutes(value, now);
      return { value, label: `(${formatOffset(offset)}) ${value.replace(/_/g, ' ')}`, offsetMinutes: offset };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.value.localeCompare(b.value));
}
