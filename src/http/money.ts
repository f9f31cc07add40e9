// Money and quantities as scaled integers (never binary floating point): a request number becomes an integer count
// of 1/10^scale units by its decimal text, products and percentages are rounded once, half away from zero, in
// integer arithmetic, and responses print the exact decimal (docs/api/commercial.md).

/** Request number -> integer units of 1/10^scale, or undefined when it has more decimals than the scale allows. */
export function toUnits(value: number, scale: number): number | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/i.exec(String(value));
  if (!m) return undefined;
  const [, sign, int, frac = '', exp = '0'] = m;
  // Shift the decimal point by the exponent on the digit string, so 1e-7 or 1.5e3 are read exactly.
  const digits = int + frac;
  const point = int.length + Number(exp);
  const whole = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const fraction = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  if (fraction.replace(/0+$/, '').length > scale) return undefined;
  const units = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  const n = Number(sign === '-' ? -units : units);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Integer units of 1/10^scale -> JSON number (the exact decimal prints as its shortest form). */
export const fromUnits = (units: number, scale: number): number => Number(decimalUnits(units, scale));

/** Integer units of 1/10^scale -> decimal text with exactly `scale` digits, e.g. (28521, 2) -> "285.21". */
export function decimalUnits(units: number | bigint, scale: number): string {
  const v = BigInt(units);
  const negative = v < 0n;
  const digits = (negative ? -v : v).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** a / b rounded half away from zero (b > 0). */
export function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (2n * (r < 0n ? -r : r) >= b) return a < 0n ? q - 1n : q + 1n;
  return q;
}

/** Cents of quantity × price, both in units of 1/10^4. */
export const productCents = (quantityE4: number, priceE4: number): bigint => divRound(BigInt(quantityE4) * BigInt(priceE4), 1_000_000n);

/** Cents of a percentage (in 1/100 percent) of an amount in cents. */
export const percentOfCents = (cents: bigint, percentE2: number): bigint => divRound(cents * BigInt(percentE2), 10_000n);
