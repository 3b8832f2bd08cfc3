import * as v from 'valibot';
import { endpoint } from './endpoint';
import {
  Ack, ConfirmPassword, CurrentPassword, Email, HttpUrl, NewPassword, NonEmpty, PASSWORDS_DO_NOT_MATCH_TEXT, PlainText, TimeZone, UsPhoneInput, requestObject,
} from '../schemas/common';
import { SessionUser } from '../schemas/entities';

const ALL = ['USER', 'AGENT', 'ADMINISTRATOR'] as const;

/** What every successful sign-in returns: the bearer token and the session user. */
export const AuthSession = v.object({ token: v.string(), user: SessionUser });
export type AuthSession = v.InferOutput<typeof AuthSession>;

/** A sign-in by a user with two-step verification on is refused with this text; the client then asks for a code. */
export const TWO_STEP_REQUIRED_TEXT = 'Two-step verification required';
export const TWO_STEP_CODE_LENGTH = 6;
export const TWO_STEP_CODE_TTL_SECONDS = 600;
export const TWO_STEP_CHANNELS = ['email', 'sms'] as const;
export const TwoStepChannel = v.picklist(TWO_STEP_CHANNELS, 'Choose email or SMS');
/** A correct password on an address that has not been confirmed yet is refused with this text. */
export const EMAIL_NOT_VERIFIED_TEXT = 'Verify your email address before signing in. Check your inbox for the link, or ask for a new one.';

/** The third-party sign-in asks for these scopes, plus any extras the deployment adds. */
export const GOOGLE_DEFAULT_SCOPES = ['openid', 'profile', 'email'] as const;
export const GOOGLE_SIGN_IN_FLOWS = ['implicit', 'code'] as const;

export const GoogleLoginBody = v.variant('flow', [
  requestObject({ flow: v.literal('implicit'), accessToken: NonEmpty('Google access token', 4096) }),
  requestObject({ flow: v.literal('code'), code: NonEmpty('Google authorization code', 4096), redirectUri: HttpUrl('Redirect URI') }),
], 'Choose the Google sign-in flow: implicit or code');

export const Send2FACodeBody = requestObject({ email: Email, password: CurrentPassword });

export const Verify2FACodeBody = requestObject({
  email: Email,
  code: v.pipe(
    v.string('Enter the verification code'),
    v.trim(),
    v.nonEmpty('Enter the verification code'),
    v.regex(/^\d{6}$/, `Enter the ${TWO_STEP_CODE_LENGTH}-digit code`),
  ),
});

export const RegisterBody = v.pipe(
  requestObject({
    firstName: PlainText('First name', 100),
    lastName: PlainText('Last name', 100),
    email: Email,
    password: NewPassword(),
    confirmPassword: ConfirmPassword,
    companyName: PlainText('Company name', 200),
    phoneNumber: v.optional(UsPhoneInput()),
    timeZone: v.optional(TimeZone),
    acceptTerms: v.literal(true, 'Accept the terms to create an account'),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, PASSWORDS_DO_NOT_MATCH_TEXT),
    ['confirmPassword'],
  ),
);

export const VerifyEmailQuery = requestObject({
  token: NonEmpty('Verification link', 512),
  email: Email,
});

export const ChangePasswordBody = v.pipe(
  requestObject({
    password: CurrentPassword,
    passwordNew: NewPassword('New password'),
    passwordConfirm: ConfirmPassword,
  }),
  v.forward(
    v.partialCheck([['passwordNew'], ['passwordConfirm']], (i) => i.passwordNew === i.passwordConfirm, PASSWORDS_DO_NOT_MATCH_TEXT),
    ['passwordConfirm'],
  ),
  v.forward(
    v.partialCheck(
      [['password'], ['passwordNew']],
      (input) => input.password !== input.passwordNew,
      'New password must differ from the current password',
    ),
    ['passwordNew'],
  ),
);

export const ForgetPasswordBody = requestObject({ userEmail: Email });

export const ResetPasswordBody = v.pipe(
  requestObject({
    /** The reset link's id (the `{id}` of auth/reset-password/{id}). */
    id: NonEmpty('Reset link', 512),
    password: NewPassword(),
    confirmPassword: ConfirmPassword,
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, PASSWORDS_DO_NOT_MATCH_TEXT),
    ['confirmPassword'],
  ),
);

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
  loginGoogle: endpoint({
    method: 'POST', path: '/auth/login/google', summary: 'Sign in with Google (implicit access token or authorization code); a first sign-in creates a USER account',
    body: GoogleLoginBody, response: AuthSession,
    roles: 'public', tenant: [],
  }),
  send2FACode: endpoint({
    method: 'POST', path: '/auth/send2FACode', summary: 'Check email and password again, then send a one-time code by the user\'s two-step channel',
    body: Send2FACodeBody,
    response: v.object({ channel: TwoStepChannel, sentTo: v.string(), expiresInSeconds: v.number() }),
    roles: 'public', tenant: [],
  }),
  verify2FACode: endpoint({
    method: 'POST', path: '/auth/verify2FACode', summary: 'Finish a two-step sign-in with the code that was sent',
    body: Verify2FACodeBody, response: AuthSession,
    roles: 'public', tenant: [],
  }),
  register: endpoint({
    method: 'POST', path: '/auth/register',
    summary: 'Create an account and its USER, then send a verification email. An address already registered gets the same answer (its owner gets an email instead), so the reply never tells whether an address has an account.',
    body: RegisterBody,
    response: v.object({ email: v.string(), verificationSent: v.boolean() }),
    roles: 'public', tenant: [],
  }),
  verifyEmail: endpoint({
    method: 'GET', path: '/auth/verify-email', summary: 'Confirm an email address from the link sent at registration',
    query: VerifyEmailQuery,
    response: v.object({ email: v.string(), verified: v.boolean() }),
    roles: 'public', tenant: [],
  }),
  resendVerification: endpoint({
    method: 'POST', path: '/auth/resend-verification', summary: 'Send the verification email again (same answer whether or not the address is known)',
    body: requestObject({ email: Email }), response: Ack,
    roles: 'public', tenant: [],
  }),
  changePassword: endpoint({
    method: 'POST', path: '/auth/change-password', summary: 'Change the signed-in user\'s password',
    body: ChangePasswordBody, response: Ack,
    roles: ALL, tenant: [],
  }),
  forgetPassword: endpoint({
    method: 'POST', path: '/auth/forget-password', summary: 'Email a password reset link (same answer whether or not the address is known)',
    body: ForgetPasswordBody, response: Ack,
    roles: 'public', tenant: [],
  }),
  resetPassword: endpoint({
    method: 'POST', path: '/auth/reset-password', summary: 'Set a new password with a reset link',
    body: ResetPasswordBody, response: Ack,
    roles: 'public', tenant: [],
  }),
  checkAllowedUser: endpoint({
    method: 'GET', path: '/auth/check-allowed-user/{x}',
    // Signed-in only, for the caller's own address (administrators: any address). Public, it
    // would tell anyone which addresses have accounts.
    summary: 'Whether an email may sign in (exists and verified), and whether it needs two-step verification',
    params: v.object({ x: Email }),
    response: v.object({ allowed: v.boolean(), twoStepRequired: v.boolean() }),
    roles: ALL, tenant: [{ in: 'params', key: 'x', owns: 'selfEmail' }],
  }),
  logout: endpoint({
    method: 'POST', path: '/auth/logout', summary: 'Revoke the bearer token of this request (the client also clears its copy)',
    response: Ack,
    roles: ALL, tenant: [],
  }),
} as const;
