import { z } from 'zod';
import { defineOperation, flag01 } from './common.ts';

export const provider = z.object({
  userid: z.number().int(),
  title: z.string(),
  givenname: z.string(),
  familyname: z.string(),
  specialization: z.string(),
  gender: z.string(),
  active: z.boolean(),
});
export type Provider = z.infer<typeof provider>;

export const systemOperations = {
  getProviders: defineOperation({
    area: 'system',
    path: '/system/getProviders',
    summary: 'Lists active practitioners, ordered by family name.',
    input: z.object({ getall: flag01().optional() }),
    result: z.array(provider),
    envelope: 'providers',
    errors: {},
  }),
  whoami: defineOperation({
    area: 'system',
    path: '/system/whoami',
    summary: 'The signed-in user and tenant (reference service addition; fallback: pick from getProviders).',
    input: z.object({}),
    result: z.object({
      userid: z.number().int(),
      username: z.string(),
      givenname: z.string(),
      familyname: z.string(),
      modules: z.array(z.string()),
      tenant: z.string(),
    }),
    envelope: 'standard',
    errors: {},
  }),
  getUsers: defineOperation({
    area: 'system',
    path: '/system/getUsers',
    summary:
      'Users of the practice, for assignee pickers (reference service addition; fallback: getProviders getall 1).',
    input: z.object({ getall: flag01().optional() }),
    result: z.array(
      z.object({
        userid: z.number().int(),
        givenname: z.string(),
        familyname: z.string(),
        active: z.boolean(),
      }),
    ),
    envelope: 'standard',
    errors: {},
  }),
};
