import { dropDatabase } from './test-database.js';

export default async function globalTeardown() {
  if (process.env.TEST_TEMPLATE_DATABASE) await dropDatabase(process.env.TEST_TEMPLATE_DATABASE);
}
