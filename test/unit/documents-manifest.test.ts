import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readManifest } from '../../src/graphql/documents';

const file = (content: unknown) => {
  const name = path.join(mkdtempSync(path.join(tmpdir(), 'marquee-manifest-')), 'm.json');
  writeFileSync(name, typeof content === 'string' ? content : JSON.stringify(content));
  return name;
};
const digest = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

describe('readManifest (GRAPHQL_TRUSTED_DOCUMENTS)', () => {
  const text = '{ __typename }';

  it("takes the client preset's sha256:<hex> keys and bare hex, keyed by hex", () => {
    expect(readManifest(file({ [`sha256:${digest('sha256', text)}`]: text }))).toEqual({ [digest('sha256', text)]: text });
    expect(readManifest(file({ [digest('sha256', text)]: text }))).toEqual({ [digest('sha256', text)]: text });
  });

  it("stops the start on a hash that is not the SHA-256 of its document (the preset's default sha1), naming the file", () => {
    const name = file({ [digest('sha1', text)]: text });
    expect(() => readManifest(name)).toThrow(new RegExp(`GRAPHQL_TRUSTED_DOCUMENTS: ${name}`));
    expect(() => readManifest(file({ [`sha256:${'0'.repeat(64)}`]: text }))).toThrow(/is not the SHA-256 of its document/);
  });

  it('refuses what is not a JSON object of texts', () => {
    expect(() => readManifest(file('not json'))).toThrow(/cannot read .* as JSON/);
    expect(() => readManifest(file([text]))).toThrow(/not a JSON object/);
    expect(() => readManifest(file({ [digest('sha256', text)]: 42 }))).toThrow(/not a SHA-256 hex hash of a document text/);
  });
});
