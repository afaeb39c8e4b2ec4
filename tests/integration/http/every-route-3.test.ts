// Every route handler under bad input (tests/integration/http/route-fuzz.ts), part 3 of three.
import { describe } from '@jest/globals';
import { serveAppForThisFile } from '../../setup/app-server';
import { fuzzRoutes } from './route-fuzz';

const app = serveAppForThisFile();

describe('every route handler under bad input', () => {
  fuzzRoutes(app, 2);
});
