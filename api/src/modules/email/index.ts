export { mailerPlugin, type Mail, type Mailer } from './mailer';
export { devOutboxRoute } from './dev-outbox-route';
