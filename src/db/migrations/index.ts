// Every migration, in version order. Numbering: 0001 foundation, 0002 shared spine, 01xx customers,
// 02xx people and organisation, 03xx projects, 04xx attendances, 09xx performance.
import type { Migration } from '../migrate.js';
import { foundation } from './0001_foundation.js';
import { spine } from './0002_spine.js';
import { monthClosings } from './0400_month_closings.js';
import { customers } from './0100_customers.js';
import { projects } from './0300_projects.js';
import { tickets } from './0301_tickets.js';
import { people } from './0200_people.js';
import { peopleAssets } from './0201_people_assets.js';
import { attendances } from './0401_attendances.js';
import { queryPlanIndexes } from './0900_query_plan_indexes.js';

// One per line; the runner applies them in version order.
export const migrations: Migration[] = [
  foundation,
  spine,
  monthClosings,
  attendances,
  people,
  peopleAssets,
  projects,
  tickets,
  customers,
  queryPlanIndexes,
];
