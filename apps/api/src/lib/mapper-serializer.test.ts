import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mapperSerializerCompiler } from './mapper-serializer';

const schema = z.object({ id: z.number(), titleFa: z.string().nullable() });
const route = { schema, method: 'GET', url: '/x', httpStatus: '200' } as never;

describe('the mapper serializer', () => {
  it('writes the answer as JSON', () => {
    expect(mapperSerializerCompiler(true)(route)({ id: 1, titleFa: 'تلقین' })).toBe('{"id":1,"titleFa":"تلقین"}');
    expect(mapperSerializerCompiler(false)(route)({ id: 1, titleFa: null })).toBe('{"id":1,"titleFa":null}');
  });

  it('outside production, refuses an answer with a field the schema lacks, or a wrong type', () => {
    const strict = mapperSerializerCompiler(true)(route);
    expect(() => strict({ id: 1, titleFa: null, passwordHash: 'x' })).toThrow(/differs from its response schema/);
    expect(() => strict({ id: '1', titleFa: null })).toThrow();
  });
});
