import { pgEnum } from 'drizzle-orm/pg-core';
import { AGENT_STATUSES, CALL_DIRECTIONS, CALL_STATUSES, HANDLE_CALL_TYPES, PLAN_IDS, ROLES } from 'shared-contracts';

// Enum values come from the contracts, so a value added there shows up as a schema diff
// in the next `drizzle-kit generate` instead of failing at insert time.
export const planEnum = pgEnum('plan_id', PLAN_IDS);
export const roleEnum = pgEnum('user_role', ROLES);
export const callDirectionEnum = pgEnum('call_direction', CALL_DIRECTIONS);
export const callStatusEnum = pgEnum('call_status', CALL_STATUSES);
export const handleCallTypeEnum = pgEnum('handle_call_type', HANDLE_CALL_TYPES);
export const agentStatusEnum = pgEnum('agent_status', AGENT_STATUSES);
export const messageAuthorEnum = pgEnum('message_author', ['ai', 'agent', 'lead']);
export const appointmentStatusEnum = pgEnum('appointment_status', ['scheduled', 'completed', 'cancelled', 'no-show']);
