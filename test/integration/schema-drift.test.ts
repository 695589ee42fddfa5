import fs from 'node:fs';
import { printMarqueeSchema, SCHEMA_FILE } from '../../schema/emit';

describe('schema/schema.graphql', () => {
  it('is exactly the schema the code builds (run `npm run schema:emit` after changing types)', async () => {
    const committed = fs.readFileSync(SCHEMA_FILE, 'utf8');
    expect(await printMarqueeSchema()).toBe(committed);
  });
});
