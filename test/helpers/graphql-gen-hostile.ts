import {
  getNamedType,
  getNullableType,
  GraphQLInt,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLInputType,
} from 'graphql';
import { validCall } from './graphql-gen-valid';
import {
  buildOperation,
  Raw,
  variablesJson,
  type ArgSpec,
  type Caller,
  type GenCase,
  type Generator,
  type RootCall,
  type RootField,
} from './graphql-gen';

/**
 * The hostile variants of a root field's call (graphql-gen.ts builds the valid ones): each class puts
 * one bad value or one bad operation choice into an otherwise valid call, once as a literal and once
 * as a variable where both exist. The bad value goes anywhere in an argument: the argument itself or
 * a field of an input object inside it (`input.seats[0].row`).
 */

export const HOSTILE_CLASSES = [
  'wrong-type',
  'null-for-non-null',
  'missing-required',
  'huge-number',
  'long-string',
  'wrong-enum',
  'deep-input',
  'unknown-field',
  'unknown-operation',
  'no-operation-name',
] as const;
export type HostileClass = (typeof HOSTILE_CLASSES)[number];

/** A place in an argument's value: the argument itself (path []) or an input field inside it. */
interface Position {
  arg: GraphQLArgument;
  path: (string | number)[];
  type: GraphQLInputType;
}

function positionsOf(args: readonly GraphQLArgument[]): Position[] {
  const out: Position[] = [];
  const walk = (arg: GraphQLArgument, path: (string | number)[], type: GraphQLInputType, depth: number) => {
    out.push({ arg, path, type });
    if (depth > 4) return;
    const nullable = getNullableType(type);
    if (isListType(nullable)) walk(arg, [...path, 0], nullable.ofType, depth + 1);
    else if (isInputObjectType(nullable)) {
      for (const field of Object.values(nullable.getFields())) walk(arg, [...path, field.name], field.type, depth + 1);
    }
  };
  for (const arg of args) walk(arg, [], arg.type, 0);
  return out;
}

const PLACEHOLDER = 'GEN_HOSTILE_PLACEHOLDER';
/** Marks a key to leave out of an input object. */
const OMIT = Symbol('omit');

/** `value` with `replacement` at `path` (valid values made for whatever is missing on the way). */
function setAt(gen: Generator, value: unknown, path: readonly (string | number)[], type: GraphQLInputType, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const nullable = getNullableType(type);
  const [key, ...rest] = path;
  if (isListType(nullable)) {
    const list = Array.isArray(value) && value.length ? [...value] : [gen.values.value(nullable.ofType, 'item', 'hostile')];
    list[0] = setAt(gen, list[0], rest, nullable.ofType, replacement);
    return list;
  }
  if (!isInputObjectType(nullable)) throw new Error(`no field ${String(key)} in ${String(type)}`);
  const base = value && typeof value === 'object' ? value : gen.values.value(nullable, 'object', 'hostile');
  const object = { ...(base as Record<string, unknown>) };
  const field = nullable.getFields()[key as string];
  const next = setAt(gen, object[key as string], rest, field.type, replacement);
  if (next === OMIT) delete object[key as string];
  else object[key as string] = next;
  return object;
}

/** A bad value for a position: its literal text and its variable JSON text (null: no such form). */
interface Bad {
  literal: string | null;
  json: string | null;
  /** Leave the position out (a required argument or input field not given). */
  omit?: boolean;
  /** The variable's declared type, when not the argument's own. */
  declared?: string;
}

const deepList = (levels: number, leaf: string) => `${'['.repeat(levels)}${leaf}${']'.repeat(levels)}`;
const deepObject = (levels: number, key: string, leaf: string) => `${`{${key}: `.repeat(levels)}${leaf}${'}'.repeat(levels)}`;
const deepJson = (levels: number, key: string, leaf: string) => `${`{"${key}": `.repeat(levels)}${leaf}${'}'.repeat(levels)}`;

/** Positions a class can put its bad value into, and the bad values it puts there. */
const CLASSES: Partial<Record<HostileClass, { fits(p: Position): boolean; bad(p: Position, gen: Generator): Bad[] }>> = {
  'wrong-type': {
    fits: () => true,
    bad(p, gen) {
      const named = getNamedType(p.type);
      if (isListType(getNullableType(p.type))) return [{ literal: '[{genWrong: 1}]', json: '[{"genWrong": 1}]' }];
      if (isEnumType(named)) return [{ literal: `"${gen.rng.pick(named.getValues()).name}"`, json: '1' }];
      if (isInputObjectType(named)) return [{ literal: '"gen"', json: '["gen"]' }];
      switch (named.name) {
        case 'Int':
          return [{ literal: gen.rng.pick(['"7"', '7.5']), json: gen.rng.pick(['"7"', 'true', '7.5']) }];
        case 'Float':
          return [{ literal: '"1.5"', json: gen.rng.pick(['"1.5"', 'false']) }];
        case 'Boolean':
          return [{ literal: '"true"', json: gen.rng.pick(['"true"', '1']) }];
        case 'ID':
          return [{ literal: '1.5', json: 'true' }];
        default:
          return [{ literal: '12345', json: gen.rng.pick(['12345', 'true', '{"gen": 1}']) }];
      }
    },
  },
  'null-for-non-null': {
    fits: (p) => isNonNullType(p.type),
    bad: (p) => [
      { literal: 'null', json: 'null' },
      // A nullable variable in a non-null place: a validation error, whatever its value.
      ...(p.path.length === 0 ? [{ literal: null, json: 'null', declared: String(getNullableType(p.type)) }] : []),
    ],
  },
  'missing-required': {
    fits: (p) => isNonNullType(p.type) && (p.path.length > 0 || p.arg.defaultValue === undefined),
    bad: (p) => [
      { literal: null, json: null, omit: true },
      // A required variable declared but not sent.
      ...(p.path.length === 0 ? [{ literal: null, json: null }] : []),
    ],
  },
  'huge-number': {
    fits: (p) => ['Int', 'Float'].includes(getNamedType(p.type).name) && !isListType(getNullableType(p.type)),
    bad(p, gen) {
      if (getNamedType(p.type).name === 'Int') {
        return [
          { literal: gen.rng.pick(['2147483648', '-2147483649', '99999999999999999999']), json: null },
          { literal: null, json: gen.rng.pick(['1e20', '9007199254740993', '2147483648', '"NaN"']) },
        ];
      }
      return [
        { literal: gen.rng.pick(['1e400', '-1e400']), json: null },
        { literal: null, json: gen.rng.pick(['1e400', '"NaN"', '"Infinity"', '-1e400']) },
      ];
    },
  },
  'long-string': {
    fits: (p) => ['String', 'ID'].includes(getNamedType(p.type).name) && !isListType(getNullableType(p.type)),
    bad: () => [
      { literal: JSON.stringify('x'.repeat(10_000)), json: null },
      { literal: null, json: JSON.stringify('y'.repeat(100_000)) },
    ],
  },
  'wrong-enum': {
    fits: (p) => isEnumType(getNamedType(p.type)) && !isListType(getNullableType(p.type)),
    bad(p, gen) {
      const named = getNamedType(p.type);
      const lower = isEnumType(named) ? gen.rng.pick(named.getValues()).name.toLowerCase() : 'gen';
      return [
        { literal: gen.rng.pick(['GEN_NOT_A_VALUE', lower]), json: null },
        { literal: null, json: JSON.stringify(gen.rng.pick(['GEN_NOT_A_VALUE', lower])) },
      ];
    },
  },
  'deep-input': {
    fits: (p) => p.path.length === 0,
    bad(p) {
      const named = getNamedType(p.type);
      if (isInputObjectType(named)) {
        const key = Object.keys(named.getFields())[0];
        return [{ literal: deepObject(100, key, '1'), json: null }, { literal: null, json: deepJson(1000, key, '1') }];
      }
      return [{ literal: deepList(100, '1'), json: null }, { literal: null, json: deepList(1000, '1') }];
    },
  },
};

/** The hostile cases of one root field; `callerAt(i)` is the caller of the i-th. */
export function hostileCases(gen: Generator, root: RootField, callerAt: (i: number) => Caller): GenCase[] {
  const cases: GenCase[] = [];
  const add = (variant: HostileClass, call: RootCall, operationName?: string | null, others: string[] = [], opName: string | null = 'GenHostile') => {
    const op = buildOperation(opName, call);
    cases.push({
      root: root.name,
      variant,
      hostile: true,
      operation: root.operation,
      query: gen.rng.shuffle([op.text, ...others]).join('\n'),
      variablesJson: variablesJson(op.variables),
      ...(operationName !== undefined ? { operationName } : {}),
      caller: callerAt(cases.length),
    });
  };
  const positions = positionsOf(root.field.args);

  for (const variant of HOSTILE_CLASSES) {
    const kind = CLASSES[variant];
    if (!kind) continue;
    const fitting = positions.filter(kind.fits);
    if (fitting.length === 0) continue;
    const position = gen.rng.pick(fitting);
    for (const bad of kind.bad(position, gen)) {
      if (bad.omit) {
        // Left out: an argument (validation), or an input field of a literal and of a variable.
        add(variant, hostileCall(gen, root, position, 'literal', bad, null));
        if (position.path.length > 0) add(variant, hostileCall(gen, root, position, 'variable', bad, null));
        continue;
      }
      if (bad.literal === null && bad.json === null) {
        add(variant, hostileCall(gen, root, position, 'variable', bad, null));
        continue;
      }
      if (bad.literal !== null) add(variant, hostileCall(gen, root, position, 'literal', bad, bad.literal));
      if (bad.json !== null) add(variant, hostileCall(gen, root, position, 'variable', bad, bad.json));
    }
  }

  // Unknown fields: in the selection, and in an input object (a literal, and a variable's extra key).
  const withUnknownSelection = validCall(gen, root, 'literal');
  if (withUnknownSelection.selection) withUnknownSelection.extraSelection = 'genUnknownField';
  else withUnknownSelection.args.push({ arg: { name: 'genUnknownArg', type: GraphQLInt } as GraphQLArgument, form: 'literal', value: 1 });
  add('unknown-field', withUnknownSelection);
  const objectArg = positions.find((p) => p.path.length === 0 && isInputObjectType(getNullableType(p.type)));
  if (objectArg) {
    for (const form of ['literal', 'variable'] as const) {
      const call = validCall(gen, root, form);
      const spec = specFor(gen, call, root, objectArg.arg, form);
      spec.value = { ...(spec.value as Record<string, unknown>), genUnknownField: 1 };
      add('unknown-field', call);
    }
  }

  // Operation selection: a name that no operation has, and several operations with none named.
  const other = 'query GenOther { __typename }';
  add('unknown-operation', validCall(gen, root, 'variable'), 'GenUnknown');
  add('unknown-operation', validCall(gen, root, 'literal'), 'GenUnknown', [], null);
  add('unknown-operation', validCall(gen, root, 'literal'), '', [other]);
  add('no-operation-name', validCall(gen, root, 'variable'), undefined, [other]);
  add('no-operation-name', validCall(gen, root, 'literal'), null, [other, 'mutation GenOtherMutation { __typename }']);
  return cases;
}

/** The call's spec of `arg`, added (with a valid value) when the call left that argument out. */
function specFor(gen: Generator, call: RootCall, root: RootField, arg: GraphQLArgument, form: 'literal' | 'variable'): ArgSpec {
  let spec = call.args.find((s) => s.arg.name === arg.name);
  if (!spec) {
    spec = { arg, form, value: gen.values.value(arg.type, arg.name, root.field.name) };
    call.args.push(spec);
  }
  spec.form = form;
  return spec;
}

/** A valid call of `root` with `bad` put at `position`. */
function hostileCall(
  gen: Generator,
  root: RootField,
  position: Position,
  form: 'literal' | 'variable',
  bad: Bad,
  text: string | null,
): RootCall {
  const call = validCall(gen, root, gen.rng.chance(0.5) ? 'literal' : 'variable');
  if (bad.omit && position.path.length === 0) {
    call.args = call.args.filter((s) => s.arg.name !== position.arg.name);
    return call;
  }
  const spec = specFor(gen, call, root, position.arg, form);
  if (bad.omit) {
    spec.value = setAt(gen, spec.value, position.path, position.arg.type, OMIT);
    return call;
  }
  if (text === null) {
    // A required variable declared but not sent.
    spec.unsent = true;
    return call;
  }
  if (bad.declared) spec.declared = bad.declared;
  if (form === 'literal') {
    spec.value = setAt(gen, spec.value, position.path, position.arg.type, new Raw(text!));
  } else {
    const withPlaceholder = setAt(gen, spec.value, position.path, position.arg.type, PLACEHOLDER);
    spec.json = JSON.stringify(withPlaceholder).replace(`"${PLACEHOLDER}"`, () => text!);
  }
  return call;
}
