import { z } from '@hono/zod-openapi';

export interface Sort<F extends string> {
  readonly field: F;
  readonly direction: 'asc' | 'desc';
}

/**
 * The `sort` query parameter: `<field>:<asc|desc>` (a bare field sorts ascending). An unknown field
 * or direction is a `400 validation_error` naming `sort`.
 */
export const sortParam = <F extends string>(fields: readonly F[], fallback: `${F}:${'asc' | 'desc'}`) => {
  const pattern = new RegExp(`^(${fields.join('|')})(:(asc|desc))?$`);
  return z
    .string()
    .default(fallback)
    .refine((value) => pattern.test(value), { message: `must be <field>:<asc|desc> with field one of ${fields.join(', ')}` })
    .openapi({ example: fallback, description: `<field>:<asc|desc>; field one of ${fields.join(', ')}` });
};

export const parseSort = <F extends string>(value: string): Sort<F> => {
  const [field, direction] = value.split(':');
  return { field: field as F, direction: direction === 'desc' ? 'desc' : 'asc' };
};
