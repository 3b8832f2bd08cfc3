import { login } from './login';
import { sessionUser } from './session-user';

export const authEndpoints = [login, sessionUser];
