// "Try it out" examples of holiday calendars for /docs: each is accepted by a fresh demo tenant (src/demo).
import { addDays } from '../../values/formats.js';
import { EXAMPLE_DATES, type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  bodies: {
    BreakRegulationTypeCreate: { name: 'Mindestpause 6 h' },
    HolidayCalendarCreate: { name: 'Österreich' },
  },
  curated: {
    'POST /holiday-calendars/{calendar_id}/holidays': async () => ({
      date: addDays(EXAMPLE_DATES.farStart, 3),
      name: 'Betriebsausflug',
    }),
  },
};
