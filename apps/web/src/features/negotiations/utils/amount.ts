/** '$1,250.50' → 1250.5; '' → null; anything else → NaN, which the shared schema reports. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s$,]/g, '');
  if (!cleaned) return null;
  return /^\d*\.?\d*$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** Today in the browser's time zone as YYYY-MM-DD (the day an attorney records an action on). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
