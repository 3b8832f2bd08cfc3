import { ChangePasswordBody, ForgetPasswordBody, GoogleLoginBody, LoginBody, RegisterBody, ResetPasswordBody, Send2FACodeBody, Verify2FACodeBody, VerifyEmailQuery, authContract } from './auth';
import { firstIssue, messageOf, parsed } from '../schema-test-helpers';

describe('login', () => {
  test('email is trimmed and lower-cased', () =>
    expect(parsed(LoginBody, { email: ' Ann@Example.COM ', password: 'x' }).email).toBe('ann@example.com'));
  test('missing password', () => expect(messageOf(LoginBody, { email: 'a@b.co', password: '' })).toBe('Password is required'));
  test('bad email', () => expect(messageOf(LoginBody, { email: 'nope', password: 'x' })).toBe('Enter a valid email address'));
});

describe('Google sign-in', () => {
  test('implicit flow with an access token', () =>
    expect(messageOf(GoogleLoginBody, { flow: 'implicit', accessToken: 'ya29.x' })).toBeNull());
  test('code flow needs the redirect URI', () => {
    expect(messageOf(GoogleLoginBody, { flow: 'code', code: '4/0A', redirectUri: 'https://app.example.com/auth/login' })).toBeNull();
    expect(messageOf(GoogleLoginBody, { flow: 'code', code: '4/0A' })).toBe('Redirect URI is required');
    expect(messageOf(GoogleLoginBody, { flow: 'code', code: '4/0A', redirectUri: 'ftp://x.y' })).toBe('Redirect URI must start with http:// or https://');
  });
  test('an unknown flow', () => expect(messageOf(GoogleLoginBody, { flow: 'magic' })).toBe('Choose the Google sign-in flow: implicit or code'));
  test('missing token', () => expect(messageOf(GoogleLoginBody, { flow: 'implicit' })).toBe('Google access token is required'));
});

describe('two-step codes', () => {
  test('sending a code re-checks the password', () =>
    expect(messageOf(Send2FACodeBody, { email: 'a@b.co' })).toBe('Password is required'));
  test('a six-digit code, spaces trimmed', () =>
    expect(parsed(Verify2FACodeBody, { email: 'a@b.co', code: ' 123456 ' }).code).toBe('123456'));
  test.each(['12345', '1234567', 'abcdef'])('%j is refused', (code) =>
    expect(messageOf(Verify2FACodeBody, { email: 'a@b.co', code })).toBe('Enter the 6-digit code'));
  test('missing code', () => expect(messageOf(Verify2FACodeBody, { email: 'a@b.co' })).toBe('Enter the verification code'));
});

describe('register', () => {
  const good = {
    firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret123', confirmPassword: 'secret123',
    companyName: 'Lee Realty', phoneNumber: '(212) 555-0100', timeZone: 'America/New_York', acceptTerms: true,
  };
  test('accepts a complete form and normalises the phone', () =>
    expect(parsed(RegisterBody, good).phoneNumber).toBe('+12125550100'));
  test('phone and time zone are optional', () => {
    const { phoneNumber: _p, timeZone: _t, ...rest } = good;
    expect(messageOf(RegisterBody, rest)).toBeNull();
  });
  test('passwords must match, reported on the confirmation', () =>
    expect(firstIssue(RegisterBody, { ...good, confirmPassword: 'secret124' })).toEqual({ message: 'Passwords do not match', path: 'confirmPassword' }));
  test('password strength', () => {
    expect(messageOf(RegisterBody, { ...good, password: 'abc1', confirmPassword: 'abc1' })).toBe('Password must be at least 8 characters');
    expect(messageOf(RegisterBody, { ...good, password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe('Password must contain a letter and a number');
    expect(messageOf(RegisterBody, { ...good, password: '12345678', confirmPassword: '12345678' })).toBe('Password must contain a letter and a number');
  });
  test('terms must be accepted', () => expect(messageOf(RegisterBody, { ...good, acceptTerms: false })).toBe('Accept the terms to create an account'));
  test('a missing field reports its own message', () => {
    const { firstName: _f, ...rest } = good;
    expect(firstIssue(RegisterBody, rest)).toEqual({ message: 'First name is required', path: 'firstName' });
  });
  test('names may not hold HTML', () =>
    expect(messageOf(RegisterBody, { ...good, firstName: '<b>Ann</b>' })).toBe('First name: HTML tags are not allowed'));
  test('a non-US phone is refused', () =>
    expect(messageOf(RegisterBody, { ...good, phoneNumber: '+44 20 7946 0958' })).toBe('Phone number must be a US number: +1 followed by ten digits'));
  test('an unknown time zone is refused', () =>
    expect(messageOf(RegisterBody, { ...good, timeZone: 'Mars/Olympus' })).toBe('Choose a valid time zone'));
});

describe('verify email', () => {
  test('token and email from the link', () => expect(messageOf(VerifyEmailQuery, { token: 't', email: 'a@b.co' })).toBeNull());
  test('missing token', () => expect(messageOf(VerifyEmailQuery, { email: 'a@b.co' })).toBe('Verification link is required'));
  test('is a public GET with a query', () => {
    expect(authContract.verifyEmail.method).toBe('GET');
    expect(authContract.verifyEmail.roles).toBe('public');
  });
});

describe('change password: password, passwordNew, passwordConfirm', () => {
  const good = { password: 'old-pass1', passwordNew: 'new-pass1', passwordConfirm: 'new-pass1' };
  test('accepted', () => expect(messageOf(ChangePasswordBody, good)).toBeNull());
  test('current password required', () => expect(messageOf(ChangePasswordBody, { ...good, password: '' })).toBe('Password is required'));
  test('new password required', () => expect(messageOf(ChangePasswordBody, { ...good, passwordNew: '' })).toBe('New password is required'));
  test('confirmation must equal the new password', () =>
    expect(firstIssue(ChangePasswordBody, { ...good, passwordConfirm: 'new-pass2' })).toEqual({ message: 'Passwords do not match', path: 'passwordConfirm' }));
  test('missing confirmation', () =>
    expect(messageOf(ChangePasswordBody, { password: 'old-pass1', passwordNew: 'new-pass1' })).toBe('Confirm your password'));
  test('the new password must differ from the current one', () =>
    expect(firstIssue(ChangePasswordBody, { password: 'same-pass1', passwordNew: 'same-pass1', passwordConfirm: 'same-pass1' }))
      .toEqual({ message: 'New password must differ from the current password', path: 'passwordNew' }));
  test('passwords are not trimmed', () => expect(parsed(ChangePasswordBody, { ...good, password: ' old ' }).password).toBe(' old '));
});

describe('forget and reset password', () => {
  test('forget-password takes userEmail', () => {
    expect(parsed(ForgetPasswordBody, { userEmail: 'Ann@Example.com' })).toEqual({ userEmail: 'ann@example.com' });
    expect(messageOf(ForgetPasswordBody, {})).toBe('Email is required');
    expect(messageOf(ForgetPasswordBody, { email: 'a@b.co' })).toBe('Email is required');
  });
  test('reset-password takes id, password, confirmPassword', () => {
    expect(messageOf(ResetPasswordBody, { id: 'abc', password: 'secret123', confirmPassword: 'secret123' })).toBeNull();
    expect(messageOf(ResetPasswordBody, { id: '', password: 'secret123', confirmPassword: 'secret123' })).toBe('Reset link is required');
    expect(messageOf(ResetPasswordBody, { id: 'abc', password: 'secret123', confirmPassword: 'x' })).toBe('Passwords do not match');
  });
});

test('check-allowed-user takes an email in the path', () => {
  expect(messageOf(authContract.checkAllowedUser.params, { x: 'a@b.co' })).toBeNull();
  expect(messageOf(authContract.checkAllowedUser.params, { x: 'nope' })).toBe('Enter a valid email address');
});
