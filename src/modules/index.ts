// Every resource module's routes, registered inside the API scope (/:instance/next/api/v1).
import type { ZkApp } from '../types.js';
import absenceReasons from './absence-reasons/absence-reasons.routes.js';
import activities from './activities/activities.routes.js';
import categories from './categories/categories.routes.js';
import departments from './departments/departments.routes.js';
import dynamicAttributes from './dynamic-attributes/dynamic-attributes.routes.js';
import monthClosings from './booking-admin/month-closings.js';
import bookingSettings from './booking-admin/booking-settings.routes.js';
import employees from './employees/employees.routes.js';
import employmentPeriods from './employment-periods/employment-periods.routes.js';
import projects from './projects/index.js';
import tickets from './tickets/index.js';
import attendances from './attendances/attendances.routes.js';
import customers from './customers/customers.routes.js';
import customerContacts from './customers/contacts.routes.js';
import customerPriceTables from './customers/customer-price-tables.routes.js';
import priceTables from './price-tables/price-tables.routes.js';

export async function registerModules(app: ZkApp): Promise<void> {
  await app.register(absenceReasons);
  await app.register(activities);
  await app.register(categories);
  await app.register(departments);
  await app.register(dynamicAttributes);
  await app.register(monthClosings);
  await app.register(bookingSettings);
  await app.register(employees);
  await app.register(employmentPeriods);
  await app.register(projects);
  await app.register(tickets);
  await app.register(attendances);
  await app.register(customers);
  await app.register(customerContacts);
  await app.register(customerPriceTables);
  await app.register(priceTables);
}
