import 'reflect-metadata';
import { ArrayMaxSize, IsDefined, IsOptional, Max, MaxLength, ValidateNested } from 'class-validator';
import { ArgumentValidationError } from 'type-graphql';
import { validateArgs } from '../../src/graphql/validate-args';

class Inner {
  @Max(10)
  n?: number | null;
}

class Filters {
  @IsOptional()
  @ArrayMaxSize(2)
  @MaxLength(3, { each: true })
  codes?: string[] | null;

  @ValidateNested()
  inner?: Inner | null;

  plain?: string;
}

class Required {
  @IsDefined()
  id?: number;
}

class Unconstrained {
  name?: string;
}

const inner = (n: number) => Object.assign(new Inner(), { n });

async function outcome(value: unknown): Promise<string> {
  try {
    await validateArgs(value);
    return 'ok';
  } catch (err) {
    if (!(err instanceof ArgumentValidationError)) throw err;
    return err.extensions.validationErrors.map((e) => `${e.property}:${Object.keys(e.constraints ?? {}).join(',') || 'children'}`).join(' ');
  }
}

describe('argument validation (validateFn)', () => {
  it('validates constrained properties as class-validator does', async () => {
    expect(await outcome(Object.assign(new Filters(), { codes: ['a', 'b', 'c'] }))).toBe('codes:arrayMaxSize');
    expect(await outcome(Object.assign(new Filters(), { codes: ['abcd'] }))).toBe('codes:maxLength');
    expect(await outcome(Object.assign(new Filters(), { inner: inner(11) }))).toBe('inner:children');
    expect(await outcome(Object.assign(new Filters(), { codes: ['ab'], inner: inner(3) }))).toBe('ok');
    expect(await outcome([Object.assign(new Filters(), { codes: ['abcd'] }), 5, null])).toBe('codes:maxLength');
  });

  it('passes what class-validator would not check: scalars, unconstrained classes, constrained properties all missing', async () => {
    const classless = Object.assign(Object.create(null) as object, { codes: ['abcd'] });
    const odd = { constructor: 'not a class', codes: ['abcd'] };
    for (const value of [null, undefined, 5, 'x', new Unconstrained(), new Filters(), Object.assign(new Filters(), { plain: 'anything', codes: null }), classless, odd, [classless]]) {
      expect(await outcome(value)).toBe('ok');
    }
  });

  it('always validates a class with @IsDefined, missing properties included', async () => {
    expect(await outcome(new Required())).toBe('id:isDefined');
    expect(await outcome(Object.assign(new Required(), { id: 1 }))).toBe('ok');
  });
});
