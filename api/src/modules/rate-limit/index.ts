export { authLimitsPlugin, tooManyAttempts, type AuthLimits, type LimitKeys } from './auth-limits';
export type { CounterState } from './attempt-counters';
