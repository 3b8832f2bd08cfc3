import { CODE_TTL_SECONDS } from './one-time-codes';
import type { Mail } from '../email';

const minutes = CODE_TTL_SECONDS / 60;

export const verificationMail = (appUrl: string, to: string, token: string): Mail => ({
  to,
  kind: 'verify_email',
  subject: 'Confirm your email address',
  text: `Confirm your email address to finish creating your account:\n\n${appUrl}/auth/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(to)}\n\nThe link works once, for ${minutes} minutes. If you did not create an account, ignore this email.`,
});

export const alreadyRegisteredMail = (appUrl: string, to: string): Mail => ({
  to,
  kind: 'already_registered',
  subject: 'You already have an account',
  text: `Someone (hopefully you) tried to create an account with this address, which already has one.\n\nSign in: ${appUrl}/auth/login\nForgot your password? ${appUrl}/auth/forgot-password`,
});

export const twoStepCodeMail = (to: string, code: string): Mail => ({
  to,
  kind: 'two_step',
  subject: `Your sign-in code: ${code}`,
  text: `Your sign-in code is ${code}. It works once, for ${minutes} minutes. If you did not try to sign in, change your password.`,
});

export const passwordResetMail = (appUrl: string, to: string, token: string): Mail => ({
  to,
  kind: 'password_reset',
  subject: 'Reset your password',
  text: `To choose a new password, open:\n\n${appUrl}/auth/reset-password/${encodeURIComponent(token)}\n\nThe link works once, for ${minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
});

export const passwordChangedMail = (to: string): Mail => ({
  to,
  kind: 'password_changed',
  subject: 'Your password was changed',
  text: 'Your password was just changed and your other sessions were signed out. If this was not you, reset your password now.',
});

export const loginAlertMail = (to: string, ip: string): Mail => ({
  to,
  kind: 'login_alert',
  subject: 'New sign-in to your account',
  text: `Your account was just signed in to from ${ip}. If this was not you, change your password.`,
});

export const agentInviteMail = (appUrl: string, to: string, token: string, accountName: string, invitedBy: string): Mail => ({
  to,
  kind: 'agent_invite',
  subject: `You are invited to ${accountName}'s desk`,
  text: `${invitedBy} added you as a human agent of ${accountName}. To choose your password and sign in, open:\n\n${appUrl}/auth/reset-password/${encodeURIComponent(token)}\n\nThe link works once, for ${minutes} minutes; after that, ask for a new one at ${appUrl}/auth/forgot-password with this address.`,
});
