import { changePassword } from './change-password';
import { checkAllowedUser } from './check-allowed-user';
import { forgetPassword } from './forget-password';
import { login } from './login';
import { loginGoogle } from './login-google';
import { logout } from './logout';
import { register } from './register';
import { resendVerification } from './resend-verification';
import { resetPassword } from './reset-password';
import { send2FACode } from './send-2fa-code';
import { sessionUser } from './session-user';
import { verify2FACode } from './verify-2fa-code';
import { verifyEmail } from './verify-email';

export const authEndpoints = [
  login, loginGoogle, logout, sessionUser, register, verifyEmail, resendVerification,
  send2FACode, verify2FACode, changePassword, forgetPassword, resetPassword, checkAllowedUser,
];
export { authServicePlugin } from './auth-service';
export { agentInviteMail } from './mail-templates';
export { hashPassword } from './password';
