import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROLES } from 'shared-contracts';
import type { Role } from 'shared-contracts';
import { Button, Flex, Radio } from 'shared-ui';
import { ROLE_LABELS } from '../model/role-labels';
import { AuthCard } from './auth-card';
import { Paragraph } from '../../../ui/text';

/** auth/login/role: which kind of account is signing in. */
export function LoginRolePage() {
  const navigate = useNavigate();
  const [role, setRole] = useState<Role | undefined>();

  return (
    <AuthCard title="Choose your role">
      <Paragraph secondary>Sign in as:</Paragraph>
      <Flex vertical gap={24}>
        <Radio.Group
          aria-label="Role"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          optionType="button"
          buttonStyle="solid"
          options={ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        />
        <Button type="primary" block disabled={!role} onClick={() => role && navigate(`/auth/login?role=${role}`)}>
          Continue
        </Button>
      </Flex>
    </AuthCard>
  );
}
