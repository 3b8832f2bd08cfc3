import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Email } from '../schemas/common';
import { SessionUser } from '../schemas/entities';

export const LoginBody = v.object({
  email: Email,
  password: v.pipe(v.string('Password is required'), v.nonEmpty('Password is required'), v.maxLength(256, 'Password is too long')),
});

export const authContract = {
  sessionUser: endpoint({
    method: 'GET', path: 'auth/session-user', summary: 'The signed-in user, or null when the token is absent or invalid',
    response: v.nullable(SessionUser), roles: 'public', tenant: [],
  }),
  login: endpoint({
    method: 'POST', path: '/auth/login', summary: 'Sign in with email and password',
    body: LoginBody,
    response: v.object({ token: v.string(), user: SessionUser }),
    roles: 'public', tenant: [],
  }),
} as const;
