const pad = (n: number) => String(n).padStart(2, '0');
const whole = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0);

/** 3725 → "01:02:05". */
export function formatHms(seconds: number): string {
  const s = whole(seconds);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** 125 → "02:05"; minutes keep counting past an hour (3725 → "62:05"). */
export function formatMs(seconds: number): string {
  const s = whole(seconds);
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}
