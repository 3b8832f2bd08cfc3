import * as v from 'valibot';
import { LoginBody } from 'shared-contracts';

export interface LoginValues {
  email?: string;
  password?: string;
}
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** Final-form leaves empty fields out; present them as empty so the schema says "is required". */
export const loginInput = (values: LoginValues) => ({ email: values.email, password: values.password });

/** The contract's LoginBody rules, one message per field (the first that fails). */
export function validateLogin(values: LoginValues): LoginErrors {
  const result = v.safeParse(LoginBody, loginInput(values));
  if (result.success) return {};
  const errors: LoginErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if ((key === 'email' || key === 'password') && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
