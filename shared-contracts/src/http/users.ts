import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Id } from '../schemas/common';
import { SessionUser } from '../schemas/entities';

const ALL = ['USER', 'AGENT', 'ADMINISTRATOR'] as const;

export const usersContract = {
  getCurrentUser: endpoint({
    method: 'GET', path: 'users/get-current-user/{userId}', summary: 'The signed-in user\'s own record',
    params: v.object({ userId: Id }),
    response: v.object({ user: SessionUser }),
    roles: ALL, tenant: [{ in: 'params', key: 'userId', owns: 'self' }],
  }),
} as const;
