import { expect, type APIRequestContext } from '@playwright/test';
import { latestMail } from './outbox';
import { API_URL } from './ports';

export const NEW_USER_PASSWORD = 'Fresh-pass-1';

/**
 * A USER of a brand-new free-plan account, registered and verified over the API (as the
 * register screen and the emailed link would), so a test can change it without touching the
 * demo accounts other tests read.
 */
export async function registerVerifiedUser(request: APIRequestContext, company: string): Promise<string> {
  const email = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@user.test`;
  const res = await request.post(`${API_URL}/auth/register`, {
    data: {
      firstName: 'Una', lastName: 'User', email, password: NEW_USER_PASSWORD, confirmPassword: NEW_USER_PASSWORD,
      companyName: company, acceptTerms: true,
    },
  });
  expect(res.ok(), `register ${email}`).toBeTruthy();
  const mail = await latestMail(email, 'verify_email');
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  const query = new URL(link).searchParams;
  const verified = await request.get(`${API_URL}/auth/verify-email`, { params: { token: query.get('token')!, email: query.get('email')! } });
  expect(verified.ok(), `verify ${email}`).toBeTruthy();
  return email;
}
