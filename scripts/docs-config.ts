// npm run docs:config — writes docs/configuration.md from the declarations in lib/config/variables.js.
import { writeFileSync } from 'node:fs';
import { CONFIGURATION_DOC, renderConfigurationDoc } from './lib/configuration-doc';

writeFileSync(CONFIGURATION_DOC, renderConfigurationDoc());
console.log(`Wrote ${CONFIGURATION_DOC}`);
