// Tenants: instance name, edition, modules, settings. Every API route lives under /:instance/next/api/v1.
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TenantsTable } from './tenancy.tables.js';
import { nowTimestamp } from '../values/formats.js';

export const EDITIONS = ['full', 'clock'] as const;
export type Edition = (typeof EDITIONS)[number];

/** Optional modules, each on or off per tenant. */
export const MODULES = [
  'resource_planning',
  'departments',
  'project_release',
  'ticket_extension',
  'ahr',
  'end_customer',
] as const;
export type ModuleName = (typeof MODULES)[number];

export const LANGUAGES = ['de', 'en', 'fr', 'es', 'pl', 'sk', 'tr'] as const;

/** Tenant settings; the booking rules add theirs here with defaults. */
export type TenantSettings = Record<string, unknown>;

export interface Tenant {
  id: number;
  instance: string;
  name: string;
  edition: Edition;
  modules: ReadonlySet<ModuleName>;
  settings: TenantSettings;
  language: string;
  created: string;
  modified: string;
}

export const INSTANCE_PATTERN = /^[a-z0-9][a-z0-9_-]{1,62}$/;

function toTenant(row: Selectable<TenantsTable>): Tenant {
  return {
    id: Number(row.id),
    instance: row.instance,
    name: row.name,
    edition: row.edition as Edition,
    modules: new Set(JSON.parse(row.modules) as ModuleName[]),
    settings: JSON.parse(row.settings) as TenantSettings,
    language: row.language,
    created: row.created,
    modified: row.modified,
  };
}

export async function findTenant(db: Kysely<DB>, instance: string): Promise<Tenant | undefined> {
  const row = await db.selectFrom('tenants').selectAll().where('instance', '=', instance).executeTakeFirst();
  return row ? toTenant(row) : undefined;
}

export async function listTenants(db: Kysely<DB>): Promise<Tenant[]> {
  const rows = await db.selectFrom('tenants').selectAll().orderBy('instance').execute();
  return rows.map(toTenant);
}

export interface TenantInput {
  instance: string;
  name?: string;
  edition?: Edition;
  modules?: ModuleName[];
  language?: string;
  settings?: TenantSettings;
}

export class TenantInputError extends Error {}

/** The tenant's time zone when none is set: the live system's, as its absences show it (docs/api/absences.md). */
export const DEFAULT_TIMEZONE = 'Europe/Berlin';

/** Is this an IANA time zone the runtime knows? */
export function isTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The tenant's time zone (setting `timezone`, an IANA zone; docs/api/absences.md): what absences without one of their own read. */
export const tenantTimezone = (tenant: Pick<Tenant, 'settings'>): string =>
  typeof tenant.settings.timezone === 'string' ? tenant.settings.timezone : DEFAULT_TIMEZONE;

export function checkTenantInput(input: Partial<TenantInput>): void {
  if (input.instance !== undefined && !INSTANCE_PATTERN.test(input.instance)) {
    throw new TenantInputError(
      'instance must be 2-63 characters: lower-case letters, digits, "-" and "_", starting with a letter or digit',
    );
  }
  if (input.edition !== undefined && !EDITIONS.includes(input.edition))
    throw new TenantInputError(`edition must be one of ${EDITIONS.join(', ')}`);
  for (const m of input.modules ?? []) {
    if (!MODULES.includes(m)) throw new TenantInputError(`unknown module "${m}"; modules: ${MODULES.join(', ')}`);
  }
  if (input.language !== undefined && !LANGUAGES.includes(input.language as any))
    throw new TenantInputError(`language must be one of ${LANGUAGES.join(', ')}`);
  const zone = input.settings?.timezone;
  if (zone !== undefined && (typeof zone !== 'string' || !isTimezone(zone)))
    throw new TenantInputError('timezone must be an IANA time zone such as Europe/Berlin');
}

/** Creates the tenant with its standard department (customers and employees default to it). */
export async function createTenant(db: Kysely<DB>, input: TenantInput): Promise<Tenant> {
  checkTenantInput(input);
  const now = nowTimestamp();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('tenants')
      .select('id')
      .where('instance', '=', input.instance)
      .executeTakeFirst();
    if (existing) throw new TenantInputError(`tenant "${input.instance}" already exists`);
    const row = await trx
      .insertInto('tenants')
      .values({
        instance: input.instance,
        name: input.name ?? input.instance,
        edition: input.edition ?? 'full',
        modules: JSON.stringify([...new Set(input.modules ?? [])].sort()),
        settings: JSON.stringify(input.settings ?? {}),
        language: input.language ?? 'en',
        created: now,
        modified: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('departments')
      .values({
        tenant_id: Number(row.id),
        name: 'Standard',
        is_standard: true,
        parent_id: null,
        created: now,
        modified: now,
      })
      .execute();
    return toTenant(row);
  });
}

export async function updateTenant(
  db: Kysely<DB>,
  instance: string,
  changes: { name?: string; edition?: Edition; modules?: ModuleName[]; language?: string; settings?: TenantSettings },
): Promise<Tenant> {
  checkTenantInput(changes);
  const current = await findTenant(db, instance);
  if (!current) throw new TenantInputError(`tenant "${instance}" does not exist`);
  const values: Record<string, string> = { modified: nowTimestamp() };
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.edition !== undefined) values.edition = changes.edition;
  if (changes.modules !== undefined) values.modules = JSON.stringify([...new Set(changes.modules)].sort());
  if (changes.language !== undefined) values.language = changes.language;
  if (changes.settings !== undefined) values.settings = JSON.stringify({ ...current.settings, ...changes.settings });
  await db.updateTable('tenants').set(values).where('id', '=', current.id).execute();
  tenantCache.invalidate(instance);
  return (await findTenant(db, instance))!;
}

/** Per-process tenant cache with a short lifetime (TENANT_CACHE_MS); updates in this process invalidate it. */
class TenantCache {
  #entries = new Map<string, { tenant: Tenant | undefined; until: number }>();
  ttlMs = 2000;
  async get(db: Kysely<DB>, instance: string): Promise<Tenant | undefined> {
    const hit = this.#entries.get(instance);
    const now = Date.now();
    if (hit && hit.until > now) return hit.tenant;
    const tenant = await findTenant(db, instance);
    if (this.ttlMs > 0) this.#entries.set(instance, { tenant, until: now + this.ttlMs });
    if (this.#entries.size > 10_000) this.#entries.clear();
    return tenant;
  }
  invalidate(instance?: string) {
    if (instance === undefined) this.#entries.clear();
    else this.#entries.delete(instance);
  }
}
export const tenantCache = new TenantCache();

/** Delete a tenant and, through ON DELETE CASCADE, every row of its data, in one transaction. */
export async function deleteTenant(db: Kysely<DB>, instance: string): Promise<boolean> {
  const result = await db
    .transaction()
    .execute((trx) => trx.deleteFrom('tenants').where('instance', '=', instance).executeTakeFirst());
  tenantCache.invalidate(instance);
  return Number(result.numDeletedRows) > 0;
}
