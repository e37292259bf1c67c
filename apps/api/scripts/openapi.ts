import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateOpenApi } from '../src/openapi-doc';

/** Writes apps/api/openapi.json; a test fails when the committed file drifts from the routes. */
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.json');
fs.writeFileSync(out, await generateOpenApi());
console.log(`wrote ${path.relative(process.cwd(), out)}`);
