import fs from 'node:fs';
import { CONFIG_KEYS, loadConfig } from '../../src/config';

/** Every setting src/config.ts reads is listed in .env.example and in the README's configuration table. */
describe('configuration is documented', () => {
  const example = fs.readFileSync('.env.example', 'utf8');
  const readme = fs.readFileSync('README.md', 'utf8');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));

  test('CONFIG_KEYS is the schema', () => {
    expect(CONFIG_KEYS).toContain('DATABASE_URL');
    expect(CONFIG_KEYS.length).toBeGreaterThan(30);
  });

  test.each(CONFIG_KEYS)('%s is in .env.example', (key) => {
    expect(example).toMatch(new RegExp(`^#? ?${key}=`, 'm'));
  });

  test.each(CONFIG_KEYS)('%s is in the README table', (key) => {
    expect(table).toContain(`\`${key}\``);
  });

  test('.env.example sets nothing that is not a setting, and its values parse', () => {
    const set = Object.fromEntries(
      example
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    for (const key of Object.keys(set)) expect(CONFIG_KEYS).toContain(key);
    expect(() => loadConfig(set)).not.toThrow();
  });
});

describe('DATABASE_URL schemes', () => {
  test.each(['postgres://u@h:5432/d', 'postgresql://u@h/d'])('%s is accepted', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });
  test.each(['mysql://u@h/d', 'sqlite:///tmp/x.db', 'http://h/d'])('%s is refused, naming the setting', (url) => {
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/DATABASE_URL: only postgres:\/\/ and postgresql:\/\/ URLs are supported/);
  });
});
