// Employee assignments of a project (docs/api/projects.md): GET /projects/{id}/employees and
// GET /employees/{username}/projects share the item shape; from/to bound the assignment (null = open).
import { Type, type Static } from '@sinclair/typebox';
import {
  DateOnly,
  DateTimeOut,
  IntIdName,
  Nullable,
  Opt,
  StrIdName,
  Translations,
  Labelled,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { labelIds } from '../../values/labels.js';

export const AssignmentPriceGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  number: Nullable(Type.String()),
  status: Type.Boolean(),
  description: Translations,
});

export const Assignment = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String({ description: 'Username.' }),
  project_id: Type.Integer(),
  from: Nullable(DateTimeOut()),
  to: Nullable(DateTimeOut()),
  note: Nullable(Type.String()),
  availability: Nullable(Type.Integer({ description: 'Percent.' })),
  internal_rate: Nullable(Type.Number()),
  rate_type: Nullable(IntIdName()),
  type: StrIdName(),
  priceGroup: Nullable(AssignmentPriceGroup),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type AssignmentT = Static<typeof Assignment>;

const writable = {
  from: Opt(DateOnly({ description: 'First day of the assignment; null = from the beginning.' })),
  to: Opt(DateOnly({ description: 'Last day (on or after from); null = open-ended.' })),
  note: Opt(Type.String({ maxLength: 1000 })),
  availability: Opt(Type.Integer({ minimum: 0, maximum: 100 })),
  internal_rate: Opt(Type.Number({ minimum: 0, maximum: 1e9 })),
  rate_type: Opt(
    Labelled(
      'rate_type',
      Type.Integer({ minimum: 0, maximum: 2, description: '0 keines, 1 Stundensatz, 2 Tagessatz.' }),
    ),
  ),
  type: Type.Optional(
    Labelled(
      'assignment_type',
      Type.String({ enum: labelIds('assignment_type').map(String), description: 'Ids "0", "1", "2".' }),
    ),
  ),
  price_group: Opt(Type.String({ maxLength: 255, description: "Price group name; default: the employee's." })),
};
const Username = Type.String({ minLength: 1, maxLength: 255 });
export const AssignmentCreate = Type.Object({ employee_id: Username, ...writable });
export const AssignmentUpdate = Type.Object({ employee_id: Type.Optional(Username), ...writable });
export type AssignmentUpdateT = Static<typeof AssignmentUpdate>;

export const EmployeeProjectsQuery = listQuery({
  'project_status[]': Type.Optional(
    Type.Array(Type.String({ maxLength: 32 }), { maxItems: 100, description: 'Status short names.' }),
  ),
  project_start_date: Type.Optional(DateOnly({ description: 'Projects starting on or after this date.' })),
  project_end_date: Type.Optional(
    DateOnly({ description: 'Projects ending on or before this date (not before project_start_date).' }),
  ),
});
