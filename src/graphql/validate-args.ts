import { getMetadataStorage, ValidationTypes, validateOrReject, type ValidationError, type ValidatorOptions } from 'class-validator';
import { ArgumentValidationError } from 'type-graphql';

/** What class-validator checks of a class, as far as deciding whether an instance needs it at all. */
interface Checked {
  /** Properties with at least one constraint. */
  properties: readonly string[];
  /** Whether a property carries `@IsDefined` (it runs on null and undefined too). */
  hasIsDefined: boolean;
}

/** type-graphql's own options for class-validator, with ours (src/composition/graphql-schema.ts): missing properties are skipped. */
const OPTIONS: ValidatorOptions = { skipMissingProperties: true, forbidUnknownValues: false };

const checkedByClass = new WeakMap<object, Checked>();

function checkedOf(target: object): Checked {
  let checked = checkedByClass.get(target);
  if (!checked) {
    const metadatas = getMetadataStorage().getTargetValidationMetadatas(target as new () => unknown, '', false, false);
    checked = {
      properties: [...new Set(metadatas.map((m) => m.propertyName))],
      hasIsDefined: metadatas.some((m) => m.type === ValidationTypes.IS_DEFINED),
    };
    checkedByClass.set(target, checked);
  }
  return checked;
}

/** Whether class-validator, with OPTIONS, would check nothing of `value`: no constraint, or every constrained property missing. */
function nothingToCheck(value: object): boolean {
  // An object without a class (null prototype, or one whose `constructor` is not a function) has no
  // constraints class-validator could find.
  const target: unknown = (value as { constructor?: unknown }).constructor;
  if (typeof target !== 'function') return true;
  const checked = checkedOf(target);
  if (checked.hasIsDefined) return false;
  const record = value as Record<string, unknown>;
  for (const property of checked.properties) if (record[property] !== undefined && record[property] !== null) return false;
  return true;
}

/**
 * type-graphql's argument validation (`validateFn` of buildSchema), with the same outcome as its
 * built-in one — class-validator's `validateOrReject` with `skipMissingProperties` and without
 * `forbidUnknownValues`, an ArgumentValidationError on failure — but without calling class-validator
 * for an argument it would check nothing of: a scalar, an instance of a class without constraints, or
 * one whose constrained properties are all null or undefined (skipped by `skipMissingProperties`; only
 * `@IsDefined` runs on those, and a class with one is always validated). The built-in one awaits a
 * `require` of class-validator and walks its metadata for every argument of every field resolver call
 * (a day of showtimes: the date and filter arguments of `Theatre.showtimes`, a few percent of the request).
 */
export async function validateArgs(value: unknown): Promise<void> {
  if (value === null || typeof value !== 'object') return;
  const items = Array.isArray(value) ? (value as unknown[]).filter((v): v is object => v !== null && typeof v === 'object') : [value];
  const checked = items.filter((item) => !nothingToCheck(item));
  if (!checked.length) return;
  try {
    await Promise.all(checked.map((item) => validateOrReject(item, OPTIONS)));
  } catch (err) {
    throw new ArgumentValidationError(err as ValidationError[]);
  }
}
