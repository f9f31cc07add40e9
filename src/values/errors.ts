// The errors a request can end in, as plain values: a status, a message and per-field messages. Services and
// repositories throw them; http/errors.ts turns them into responses.
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record') => new ApiError(404, `${what} not found.`);
export const forbidden = () => new ApiError(403, 'This action is unauthorized.');
export const unauthenticated = () => new ApiError(401, 'Unauthenticated.');

/** 422 with per-field messages; the message is the first one plus a count, as Laravel phrases it. */
export function validationError(errors: FieldErrors, extra?: Record<string, unknown>): ApiError {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const message =
    more > 0 ? `${all[0]} (and ${more} more error${more > 1 ? 's' : ''})` : (all[0] ?? 'The given data was invalid.');
  return new ApiError(422, message, errors, extra);
}

/** Throw a 422 for a single field. */
export function fieldError(field: string, message: string): ApiError {
  return validationError({ [field]: [message] });
}

/** 422 for rule violations (booking rules): {message, errors: {field: [...]}, violations: [{field, rule, message}]}. */
export function violationsError(violations: readonly { field: string; rule: string; message: string }[]): ApiError {
  const errors: FieldErrors = {};
  for (const v of violations) (errors[v.field] ??= []).push(v.message);
  return validationError(errors, { violations });
}

/** Collects field errors and throws them all at once. */
export class ErrorBag {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): this {
    (this.errors[field] ??= []).push(message);
    return this;
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw validationError(this.errors);
  }
  /** Run a check that may throw a 422 (e.g. resolveCategoryIds) and keep its field errors instead of stopping. */
  async collect<T>(check: () => Promise<T>): Promise<T | undefined> {
    try {
      return await check();
    } catch (e) {
      if (!(e instanceof ApiError) || e.statusCode !== 422 || !e.errors) throw e;
      for (const [field, messages] of Object.entries(e.errors)) for (const m of messages) this.add(field, m);
      return undefined;
    }
  }
}
