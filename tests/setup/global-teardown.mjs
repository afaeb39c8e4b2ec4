import { dropDatabase } from './test-database.js';

export default async function globalTeardown() {
  // Called once for each integration project in the run: the template goes with the first call.
  const template = process.env.TEST_TEMPLATE_DATABASE;
  delete process.env.TEST_TEMPLATE_DATABASE;
  if (template) await dropDatabase(template);
}
