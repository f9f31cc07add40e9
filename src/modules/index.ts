// Every resource module's routes, registered inside the API scope (/:instance/next/api/v1).
import type { ZkApp } from '../types.js';
import absenceReasons from './absence-reasons/absence-reasons.routes.js';
import activities from './activities/activities.routes.js';
import categories from './categories/categories.routes.js';
import departments from './departments/departments.routes.js';
import dynamicAttributes from './dynamic-attributes/dynamic-attributes.routes.js';
import employees from './employees/employees.routes.js';
import employmentPeriods from './employment-periods/employment-periods.routes.js';
import holidayCalendars from './holiday-calendars/holiday-calendars.routes.js';
import workingTimes from './working-times/working-times.routes.js';
import internalRates from './internal-rates/internal-rates.routes.js';
import priceGroups from './price-groups/price-groups.routes.js';
import locations from './locations/locations.routes.js';
import vehicles from './vehicles/vehicles.routes.js';
import devices from './devices/devices.routes.js';
import transponders from './employee-items/transponders.routes.js';
import meals from './employee-items/meals.routes.js';

export async function registerModules(app: ZkApp): Promise<void> {
  await app.register(absenceReasons);
  await app.register(activities);
  await app.register(categories);
  await app.register(departments);
  await app.register(dynamicAttributes);
  await app.register(employees);
  await app.register(employmentPeriods);
  await app.register(holidayCalendars);
  await app.register(workingTimes);
  await app.register(internalRates);
  await app.register(priceGroups);
  await app.register(locations);
  await app.register(vehicles);
  await app.register(devices);
  await app.register(transponders);
  await app.register(meals);
}
