// Every module, registered inside the API scope (/:instance/next/api/v1): one plugin per folder, nothing else.
// A new resource adds its folder here. The order is the order of the OpenAPI document's paths. Each folder's index.ts
// exports its plugin (default) and `docsTags`: the /docs group of each OpenAPI tag its operations carry; a folder whose
// tables name other records exports them as `references` (db/references.ts), one with "Try it out" bodies for /docs
// exports them as `examples` (plugins/docs-examples.ts), one with demo records exports them as `demo`
// (tenancy/demo-records.ts).
import type { ZkApp } from '../types.js';
import { nameModuleSchemas } from '../plugins/openapi-names.js';
import type { DocsTags } from '../plugins/docs-groups.js';
import type { AreaRows } from '../access/rows.js';
import { declareGrants, type AreaGrants } from '../access/matrix.js';
import { declareReferences, type Reference } from '../db/references.js';
import type { ModuleExamples, TryItOutExamples } from '../plugins/docs-examples.js';
import type { DemoRecords } from '../tenancy/demo-records.js';
import { publishEventTypes } from './webhooks/webhooks.events.js';
import * as absenceReasons from './absence-reasons/index.js';
import * as absences from './absences/index.js';
import * as activities from './activities/index.js';
import * as articles from './articles/index.js';
import * as categories from './categories/index.js';
import * as departments from './departments/index.js';
import * as dynamicAttributes from './dynamic-attributes/index.js';
import * as monthClosings from './month-closings/index.js';
import * as bookingSettings from './booking-settings/index.js';
import * as customers from './customers/index.js';
import * as priceTables from './price-tables/index.js';
import * as projects from './projects/index.js';
import * as tickets from './tickets/index.js';
import * as receiptTypes from './receipt-types/index.js';
import * as receipts from './receipts/index.js';
import * as employees from './employees/index.js';
import * as employmentPeriods from './employment-periods/index.js';
import * as attendances from './attendances/index.js';
import * as holidayCalendars from './holiday-calendars/index.js';
import * as workingTimes from './working-times/index.js';
import * as internalRates from './internal-rates/index.js';
import * as priceGroups from './price-groups/index.js';
import * as locations from './locations/index.js';
import * as vehicles from './vehicles/index.js';
import * as devices from './devices/index.js';
import * as transponders from './transponders/index.js';
import * as meals from './meals/index.js';
import * as workhourBalances from './workhour-balances/index.js';
import * as employeeDays from './employee-days/index.js';
import * as plannings from './plannings/index.js';
import * as defaultPlannings from './default-plannings/index.js';
import * as resourcePlannings from './resource-plannings/index.js';
import * as offers from './offers/index.js';
import * as invoices from './invoices/index.js';
import * as folders from './folders/index.js';
import * as changes from './changes/index.js';
import * as webhooks from './webhooks/index.js';
import * as tokens from './tokens/index.js';
import * as sessions from './sessions/index.js';
import * as auditEvents from './audit-events/index.js';
import * as reports from './reports/index.js';

/** What a module folder's index.ts exports. */
interface Module {
  default: (app: ZkApp) => Promise<void>;
  docsTags: DocsTags;
  references?: readonly Reference[];
  examples?: ModuleExamples;
  /** Its records in the demo tenant, made after src/demo's people, customers, projects and bookings. */
  demo?: DemoRecords;
  /** Who may read and write the module's routes, by role (access/matrix.ts). */
  grants: AreaGrants;
  /** How its routes name a record's employee, for callers with own rows (access/rows.ts). */
  rowRules?: AreaRows;
  /** The grants of the further areas some of its routes name in their `config.area` (/project-statuses). */
  areas?: Readonly<Record<string, AreaGrants>>;
}

/** Every module by its folder name, which is also the permission area of its routes (access/matrix.ts). */
const MODULES: Readonly<Record<string, Module>> = {
  'absence-reasons': absenceReasons,
  absences,
  activities,
  articles,
  categories,
  departments,
  'dynamic-attributes': dynamicAttributes,
  'month-closings': monthClosings,
  'booking-settings': bookingSettings,
  customers,
  'price-tables': priceTables,
  projects,
  tickets,
  'receipt-types': receiptTypes,
  receipts,
  employees,
  'employment-periods': employmentPeriods,
  attendances,
  'holiday-calendars': holidayCalendars,
  'working-times': workingTimes,
  'internal-rates': internalRates,
  'price-groups': priceGroups,
  locations,
  vehicles,
  devices,
  transponders,
  meals,
  'workhour-balances': workhourBalances,
  'employee-days': employeeDays,
  plannings,
  'default-plannings': defaultPlannings,
  'resource-plannings': resourcePlannings,
  offers,
  invoices,
  folders,
  changes,
  webhooks,
  tokens,
  sessions,
  'audit-events': auditEvents,
  reports,
};

// Who may do what: the permission matrix is every module's grants, by area (its folder name).
declareGrants(Object.fromEntries(Object.entries(MODULES).map(([area, module]) => [area, module.grants])));
for (const module of Object.values(MODULES)) declareGrants(module.areas ?? {});

// What refers to what: every delete of a referenced record asks db/references.ts.
declareReferences(Object.values(MODULES).flatMap((module) => module.references ?? []));

export async function registerModules(app: ZkApp): Promise<void> {
  await nameModuleSchemas(new URL('./', import.meta.url));
  for (const [area, module] of Object.entries(MODULES)) {
    await app.register(async (scope: ZkApp) => {
      scope.addHook('onRoute', (route) => {
        route.config = { area, rowRules: module.rowRules, ...route.config };
      });
      await scope.register(module.default);
    });
  }
  // Every module has declared its records: the webhook event catalogue is their feed types.
  publishEventTypes(app.zk.records.types.filter((record) => record.feed !== false).map((record) => record.type));
}

/** The /docs group of every tag, collected from the modules; a tag two modules give different groups throws. */
export const DOCS_TAGS: DocsTags = Object.values(MODULES).reduce<Record<string, DocsTags[string]>>((all, module) => {
  for (const [tag, group] of Object.entries(module.docsTags)) {
    if (all[tag] !== undefined && all[tag] !== group)
      throw new Error(`The tag ${tag} is in two /docs groups: ${all[tag]} and ${group}.`);
    all[tag] = group;
  }
  return all;
}, {});

/** The "Try it out" bodies of every module; a schema or operation two modules give a body throws. */
export const EXAMPLES: TryItOutExamples = Object.values(MODULES).reduce<{
  bodies: Record<string, Record<string, unknown>>;
  curated: Record<string, TryItOutExamples['curated'][string]>;
}>(
  (all, module) => {
    for (const kind of ['bodies', 'curated'] as const)
      for (const [key, example] of Object.entries(module.examples?.[kind] ?? {})) {
        if (key in all[kind]) throw new Error(`Two modules give ${key} a "Try it out" body.`);
        (all[kind] as Record<string, unknown>)[key] = example;
      }
    return all;
  },
  { bodies: {}, curated: {} },
);

/** The modules' own demo records (`demo`), in the order of the modules. */
export const MODULE_DEMOS: readonly DemoRecords[] = Object.values(MODULES).flatMap((module) =>
  module.demo ? [module.demo] : [],
);
