import { loadConfig } from './config';
import { openDatabase } from './database';
import { withDemoDocuments } from './demo/demo-documents';
import { demoLoginsText, seedDemoFirm } from './demo/demo-firm';

/** `npm run seed:demo`: creates the demo firm in the configured database (PostgreSQL included). */
const config = loadConfig();
const database = await openDatabase(config);
try {
  const created = await withDemoDocuments(config, (documents) => seedDemoFirm(database.db, { documents }));
  console.log(created ? 'Demo firm created.' : 'Demo firm already present.');
  console.log(demoLoginsText(config.publicUrl));
} finally {
  await database.close();
}
