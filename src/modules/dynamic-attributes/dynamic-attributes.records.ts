// What a record that shows its dynamic attributes derives from (plugins/write-path/records.ts): its values, and the
// definitions' shown fields (name, type, description).
import { linkedDerivations, type Derivation } from '../../plugins/write-path/records.js';
import type { AttributeEntity } from './dynamic-attribute-values.repository.js';

export const attributeDerivations = (entity: AttributeEntity): Derivation[] =>
  linkedDerivations({
    links: 'dynamic_attribute_values',
    entity,
    definitions: 'dynamic_attributes',
    reference: 'attribute_id',
    shown: ['name', 'type', 'description'],
  });
