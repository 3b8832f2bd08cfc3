/** Ports of the e2e stack, apart from the ones `pnpm start` uses, so both can run at once. */
export const E2E_PORTS = {
  api: 4100,
  host: 3100,
  userDashboard: 3101,
  agentSoftphone: 3102,
  admin: 3103,
} as const;
export type AppName = Exclude<keyof typeof E2E_PORTS, 'api'>;
export const API_URL = `http://localhost:${E2E_PORTS.api}/v1`;
