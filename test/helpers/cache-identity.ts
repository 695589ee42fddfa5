import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The cache identity configuration docs/clients.md documents (its JSON block between the markers). */
export interface CacheIdentity {
  keyFields: Record<string, string[]>;
  valueObjects: string[];
}

export function documentedCacheIdentity(): CacheIdentity {
  const doc = readFileSync(path.join(__dirname, '../../docs/clients.md'), 'utf8');
  const block = /<!-- type-policies:start -->\s*```json\n([\s\S]*?)```\s*<!-- type-policies:end -->/.exec(doc);
  if (!block) throw new Error('docs/clients.md has no type-policies block');
  return JSON.parse(block[1]) as CacheIdentity;
}

/** Apollo Client's `typePolicies`, built from the documented configuration exactly as docs/clients.md shows. */
export function documentedTypePolicies(): Record<string, { merge?: true; keyFields?: string[] }> {
  const identity = documentedCacheIdentity();
  return {
    ...Object.fromEntries(identity.valueObjects.map((t) => [t, { merge: true as const }])),
    ...Object.fromEntries(Object.entries(identity.keyFields).map(([t, keyFields]) => [t, { keyFields }])),
  };
}
