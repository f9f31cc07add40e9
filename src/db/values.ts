// Plain values as both databases store them: booleans (true/false on PostgreSQL, 1/0 on SQLite) and dates
// 'YYYY-MM-DD'. Shared by repositories, the booking rules and the HTTP formats alike.

/** DB boolean (true/false or 1/0) -> boolean, keeping null. */
export function toBool(value: unknown): boolean | null {
  if (value === null || value === undefined) return null;
  return value === true || value === 1 || value === '1';
}

/** Add days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
