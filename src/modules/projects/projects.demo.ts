// The demo tenant's location of the first project (src/tenancy/demo-records.ts): so that /docs can offer updating one.
// The demo projects themselves are made with the customers and people they need (src/demo/projects.ts).
import { demoAnchors, type DemoRecords } from '../../tenancy/demo-records.js';
import { insertRow } from '../crud/index.js';

export const demo: DemoRecords = async (db) => {
  const { projectId } = await demoAnchors(db);
  if (!projectId) return;
  await insertRow(db, 'project_locations', {
    project_id: projectId,
    name: 'Werk Süd',
    description: 'Produktionshalle',
  });
};
