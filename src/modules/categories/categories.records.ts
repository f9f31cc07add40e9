// What a record that shows its categories derives from (plugins/write-path/records.ts): its links, and the
// categories' shown fields (a renamed category changes every record it is attached to).
import { linkedDerivations, type Derivation } from '../../plugins/write-path/records.js';
import type { CategoryEntity } from './category-links.repository.js';

export const categoryDerivations = (entity: CategoryEntity): Derivation[] =>
  linkedDerivations({
    links: 'category_links',
    entity,
    definitions: 'categories',
    reference: 'category_id',
    shown: ['name', 'description', 'type'],
  });
