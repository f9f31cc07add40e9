// Route schemas compiled on first use instead of at start. Fastify compiles every route's validators (Ajv) and
// response serializers (fast-json-stringify) while the server starts; with 300+ operations that was about half of
// `serve`'s start-up CPU. These builders wrap Fastify's own default compilers (resolved from Fastify's package, so
// the same versions, options and Ajv plugins apply): each compile call returns a stand-in that compiles the real
// function on its first call and then delegates to it. Validation, coercion, defaults, removed properties and
// error messages are those of the real compilers.
//
// One difference Fastify makes for any custom validator builder: it no longer lower-cases the header schema's
// property names (it assumes a Joi/TypeBox-style compiler). The validator below does that itself, exactly as
// Fastify does for its default compiler, so header schemas behave as before.
// Not the same as before: a schema Ajv or fast-json-stringify cannot compile now fails that route's requests (500)
// instead of stopping the start; compileAll() compiles every route at once (a test calls it to catch such a schema).
//
// Request bodies are validated without Ajv's type coercion: JSON has types, and a value of the wrong one is a 422 on
// its field, never turned into text, a number, false or a one-element array. The few conversions a client may rely
// on are made explicitly, before validation, by coerceInput (http/request-input.ts, docs/api/conventions.md "Types
// of body values"). Query strings and path parameters are text, so Ajv still coerces them.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type Compile = (input: { schema: any; httpPart?: string; [key: string]: unknown }) => any;
type Builder = (externalSchemas: unknown, options: unknown) => Compile;

const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const ValidatorSelector: () => Builder = fastifyRequire('@fastify/ajv-compiler');
const SerializerSelector: () => Builder = fastifyRequire('@fastify/fast-json-stringify-compiler');

/** Fastify's header handling for its default compiler (lib/validation.js): property names and `required` in lower case. */
function lowerCaseHeaders(headers: any): any {
  if (Object.getPrototypeOf(headers) !== Object.prototype) return headers;
  const lower: any = { ...headers };
  if (Array.isArray(lower.required)) lower.required = lower.required.map((h: string) => h.toLowerCase());
  if (headers.properties) {
    lower.properties = {};
    for (const k of Object.keys(headers.properties)) lower.properties[k.toLowerCase()] = headers.properties[k];
  }
  return lower;
}

/** Compiles of stand-ins not called yet; each removes itself when it runs. */
type Pending = Set<() => unknown>;

/** The real compile, run once on the first call (and removed from pending only when it succeeded). */
function deferred<T>(pending: Pending, compileReal: () => T): () => T {
  let real: T | undefined;
  const compile = () => {
    real ??= compileReal();
    pending.delete(compile);
    return real;
  };
  pending.add(compile);
  return () => real ?? compile();
}

function lazyValidator(pending: Pending, compileReal: () => any): any {
  let real: any;
  const get = deferred(pending, () => (real = compileReal()));
  const validate = function (this: unknown, data: unknown) {
    return get().call(this, data);
  };
  // Fastify reads the failed call's errors from the function it was given.
  Object.defineProperty(validate, 'errors', { get: () => real?.errors ?? null, configurable: true });
  return validate;
}

function lazySerializer(pending: Pending, compileReal: () => (data: unknown) => string): (data: unknown) => string {
  const get = deferred(pending, compileReal);
  return (data) => get()(data);
}

export type LazySchemaController = NonNullable<FastifyServerOptions['schemaController']> & {
  /** Compiles every route schema not compiled yet (throws the first that fails); returns how many it compiled. */
  compileAll(): number;
};

export function lazySchemaCompilers(): LazySchemaController {
  const buildValidator = ValidatorSelector();
  const buildSerializer = SerializerSelector();
  const pending: Pending = new Set();
  return {
    compileAll() {
      const todo = [...pending];
      for (const compile of todo) compile();
      return todo.length;
    },
    compilersFactory: {
      buildValidator: (externalSchemas: unknown, options: any) => {
        const compile = buildValidator(externalSchemas, options);
        const compileBody = buildValidator(externalSchemas, {
          ...options,
          customOptions: { ...options?.customOptions, coerceTypes: false },
        });
        return ((input: any) => {
          const routeSchema =
            input.httpPart === 'headers' ? { ...input, schema: lowerCaseHeaders(input.schema) } : input;
          return lazyValidator(pending, () => (input.httpPart === 'body' ? compileBody : compile)(routeSchema));
        }) as any;
      },
      buildSerializer: (externalSchemas: unknown, options: unknown) => {
        const compile = buildSerializer(externalSchemas, options);
        return ((input: any) => lazySerializer(pending, () => compile(input))) as any;
      },
    },
  };
}
