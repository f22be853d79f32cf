import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openapiDocument } from '../server/service/openapi.ts';

// Lints the generated OpenAPI document with redocly (recommended rules, redocly.yaml) and fails on any error.
// The document is written to a temporary file exactly as the service serves it (YAML); nothing needs the network.
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const file = join(dir, 'openapi.yaml');
writeFileSync(file, openapiDocument('yaml').body);

const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const result = spawnSync(
  process.execPath,
  [cli, 'lint', file, '--config', resolve(import.meta.dirname, '../redocly.yaml'), '--format', 'summary'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
    },
  },
);
rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
