import fs from 'node:fs';
import path from 'node:path';
import { printSchema } from 'graphql';
import { buildMarqueeSchema } from '../src/composition/graphql-schema';

/** The SDL as committed in schema/schema.graphql. */
export async function printMarqueeSchema(): Promise<string> {
  return `${printSchema(await buildMarqueeSchema())}\n`;
}

export const SCHEMA_FILE = path.join(__dirname, 'schema.graphql');

if (require.main === module) {
  void printMarqueeSchema().then((sdl) => {
    fs.writeFileSync(SCHEMA_FILE, sdl);
    process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
  });
}
