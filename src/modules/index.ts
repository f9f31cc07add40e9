// Every module, registered inside the API scope (/:instance/next/api/v1): one plugin per folder, nothing else.
// A new resource adds its folder here. The order is the order of the OpenAPI document's paths.
import type { ZkApp } from '../types.js';
import { nameModuleSchemas } from '../plugins/openapi-names.js';
import absenceReasons from './absence-reasons/index.js';
import absences from './absences/index.js';
import activities from './activities/index.js';
import articles from './articles/index.js';
import categories from './categories/index.js';
import departments from './departments/index.js';
import dynamicAttributes from './dynamic-attributes/index.js';
import monthClosings from './month-closings/index.js';
import bookingSettings from './booking-settings/index.js';
import customers from './customers/index.js';
import priceTables from './price-tables/index.js';
import projects from './projects/index.js';
import tickets from './tickets/index.js';
import receiptTypes from './receipt-types/index.js';
import receipts from './receipts/index.js';
import employees from './employees/index.js';
import employmentPeriods from './employment-periods/index.js';
import attendances from './attendances/index.js';
import holidayCalendars from './holiday-calendars/index.js';
import workingTimes from './working-times/index.js';
import internalRates from './internal-rates/index.js';
import priceGroups from './price-groups/index.js';
import locations from './locations/index.js';
import vehicles from './vehicles/index.js';
import devices from './devices/index.js';
import transponders from './transponders/index.js';
import meals from './meals/index.js';
import workhourBalances from './workhour-balances/index.js';
import plannings from './plannings/index.js';
import defaultPlannings from './default-plannings/index.js';
import resourcePlannings from './resource-plannings/index.js';
import offers from './offers/index.js';
import invoices from './invoices/index.js';
import folders from './folders/index.js';
import changes from './changes/index.js';
import webhooks from './webhooks/index.js';

const MODULES = [
  absenceReasons,
  absences,
  activities,
  articles,
  categories,
  departments,
  dynamicAttributes,
  monthClosings,
  bookingSettings,
  customers,
  priceTables,
  projects,
  tickets,
  receiptTypes,
  receipts,
  employees,
  employmentPeriods,
  attendances,
  holidayCalendars,
  workingTimes,
  internalRates,
  priceGroups,
  locations,
  vehicles,
  devices,
  transponders,
  meals,
  workhourBalances,
  plannings,
  defaultPlannings,
  resourcePlannings,
  offers,
  invoices,
  folders,
  changes,
  webhooks,
];

export async function registerModules(app: ZkApp): Promise<void> {
  await nameModuleSchemas(new URL('./', import.meta.url));
  for (const plugin of MODULES) await app.register(plugin);
}
