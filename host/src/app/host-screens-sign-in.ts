// The screens of signing in, one chunk: a visitor moves between them without another load.
export { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
export { LoginPage } from '../features/auth/components/login-page';
export { LoginRolePage } from '../features/auth/components/login-role-page';
export { ResetPasswordPage } from '../features/auth/components/reset-password-page';
export { TwoStepPage } from '../features/auth/components/two-step-page';
export { VerifyEmailPage } from '../features/auth/components/verify-email-page';
