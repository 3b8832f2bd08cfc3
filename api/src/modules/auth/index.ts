import { login } from './login';
import { logout } from './logout';
import { sessionUser } from './session-user';

export const authEndpoints = [login, logout, sessionUser];
