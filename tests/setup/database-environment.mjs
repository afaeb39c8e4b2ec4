import { TestEnvironment } from 'jest-environment-node';
import { createDatabase, dropDatabase, uniqueName } from './test-database.js';

/** A Node test environment whose DATABASE_URL names a fresh, migrated database for this file alone. */
export default class DatabaseEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    this.databaseName = uniqueName('vt_test');
    this.global.process.env.DATABASE_URL = await createDatabase(this.databaseName, process.env.TEST_TEMPLATE_DATABASE);
    this.global.process.env.TEST_DATABASE_NAME = this.databaseName;
    // Report readers share the CPU with the test processes around them instead of waiting for it to be idle
    // (the production default, 19, left an OCR read starved past its test's time limit on a busy CI machine).
    this.global.process.env.LAB_READER_NICENESS ??= '0';
  }

  async teardown() {
    if (this.databaseName) await dropDatabase(this.databaseName);
    await super.teardown();
  }
}
