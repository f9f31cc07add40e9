// The request bodies the /docs page offers under "Try it out" (issue 20 §2): each is accepted by a fresh demo
// tenant (src/demo), so the first click succeeds. Keys are new (customer 2001, employee erika.beispiel, …) and
// references name demo records. The OpenAPI document puts each on its named schema as `examples` (3.0: `example`);
// test/docs/try-it-out.test.ts sends every one to a fresh demo tenant. A second click of a create with a unique key
// is a 422 on that key, as for any duplicate.
export const TRY_IT_OUT_EXAMPLES: Record<string, Record<string, unknown>> = {
  AbsenceReasonCreate: { name: 'Fortbildung', comment: 'Training days', approve: true, allow_self_entry: true },
  ActivityCreate: { name: 'Workshop', description: 'Workshops with the customer', is_travel: false },
  ArticleCreate: { article_number: 'ART-2001', name: 'Wartungspauschale', unit: 'Stück', unit_price: 150, currency: 'EUR' },
  CategoryCreate: { name: 'Partner', type: 'customer', description: { de: 'Partnerkunde', en: 'Partner customer' } },
  BreakRegulationTypeCreate: { name: 'Mindestpause 6 h' },
  CustomerCreate: { customer_number: '2001', name: 'Beispiel Bau GmbH', currency: 'EUR', email: 'info@beispiel-bau.example' },
  DepartmentCreate: { name: 'Consulting' },
  EmployeeCreate: { username: 'erika.beispiel', firstname: 'Erika', lastname: 'Beispiel', email: 'erika.beispiel@example.org' },
  HolidayCalendarCreate: { name: 'Österreich' },
  LocationCreate: { id: 'wien', name: 'Büro Wien' },
  LocationListCreate: { name: 'Kundenstandorte Süd' },
  PriceGroupCreate: { name: 'Expert', description: { de: 'Expertensätze', en: 'Expert rates' } },
  ProjectCreate: { name: 'Website relaunch', description: 'New company website', start_date: '2026-01-01', end_date: '2026-12-31' },
  ProjectStatusCreate: { name: 'On hold', description: 'Paused by the customer', bookable: false },
  ReceiptTypeCreate: { name: 'Parking', description: 'Parking fees' },
};
