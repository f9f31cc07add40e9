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
export const productCents = (quantityE4: number, priceE4: number): bigint =>
  divRound(BigInt(quantityE4) * BigInt(priceE4), 1_000_000n);

/** Cents of a percentage (in 1/100 percent) of an amount in cents. */
export const percentOfCents = (cents: bigint, percentE2: number): bigint =>
  divRound(cents * BigInt(percentE2), 10_000n);

/** A DecimalIn value -> integer units of 1/10^scale (undefined: too many decimals or out of range). */
export const decimalToUnits = (value: number | string, scale: number): number | undefined => {
  const n = Number(value);
  return Number.isFinite(n) ? toUnits(n, scale) : undefined;
};

/** ISO 4217 currency codes (as Node's Intl knows them). */
export const ISO_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** The decimals an amount in the currency may have: its ISO 4217 minor units, at most 2 (amounts are stored in cents). */
export function currencyDecimals(code: string): number {
  try {
    return Math.min(
      2,
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2,
    );
  } catch {
    return 2;
  }
}

export interface DecimalRule {
  /** Decimal places allowed (for money: currencyDecimals of the currency, named in the message). */
  places: number;
  /** Units of the stored value: 10^scale per 1 (scale ≥ places). */
  scale: number;
  min: number;
  max: number;
  /** The minimum itself is not allowed (amounts > 0). */
  exclusiveMin?: boolean;
  currency?: string;
}

/**
 * A request decimal (a JSON number or decimal text) as integer units of 1/10^scale, or undefined with a 422 message
 * for the field: more decimals than `places` allows are refused, never rounded; the range applies to text as well.
 */
export function readDecimal(
  value: number | string,
  rule: DecimalRule,
  field: string,
  fail: (field: string, message: string) => void,
): number | undefined {
  const units = decimalToUnits(value, rule.places);
  if (units === undefined) {
    fail(
      field,
      `The ${field} field must have at most ${rule.places} decimal places${rule.currency ? ` (${rule.currency})` : ''}.`,
    );
    return undefined;
  }
  const n = units / 10 ** rule.places;
  if (rule.exclusiveMin ? n <= rule.min : n < rule.min)
    fail(field, `The ${field} field must be ${rule.exclusiveMin ? 'greater than' : 'at least'} ${rule.min}.`);
  else if (n > rule.max) fail(field, `The ${field} field must not be greater than ${rule.max}.`);
  else return units * 10 ** (rule.scale - rule.places);
  return undefined;
}
