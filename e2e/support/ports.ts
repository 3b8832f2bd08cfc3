/**
 * Ports of the e2e stack, apart from the ones `pnpm start` uses, so both can run at once.
 * E2E_PORT_OFFSET moves the whole stack, so that several runs can share one machine.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E_PORTS = {
  api: 4100 + offset,
  host: 3100 + offset,
  userDashboard: 3101 + offset,
  agentSoftphone: 3102 + offset,
  admin: 3103 + offset,
} as const;
export type AppName = Exclude<keyof typeof E2E_PORTS, 'api'>;
export const API_URL = `http://localhost:${E2E_PORTS.api}/v1`;
