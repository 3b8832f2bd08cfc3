export const ROLES = ['USER', 'AGENT', 'ADMINISTRATOR'] as const;
export type Role = (typeof ROLES)[number];
