import { ROLES } from 'shared-contracts';
import type { Role } from 'shared-contracts';

export const ROLE_LABELS: Record<Role, string> = {
  USER: 'User',
  AGENT: 'Agent',
  ADMINISTRATOR: 'Administrator',
};

export const parseRole = (value: string | null): Role | undefined =>
  (ROLES as readonly string[]).includes(value ?? '') ? (value as Role) : undefined;
