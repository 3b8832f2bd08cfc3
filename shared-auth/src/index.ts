// shared-auth: the session, the API client, toasts, route guards and the realtime socket.
// A Module Federation singleton: host and remotes share this one copy (and its jotai store).
export { authStore } from './store';

export { sessionUserAtom, tokenAtom, tokenCheckedAtom } from './auth/auth-atoms';
export { setSessionUser, setToken, resetAuth, setTimeZone, markTokenChecked } from './auth/auth-actions';
export { useSessionUser, useAuthState, type AuthState } from './auth/use-auth-state';
export { TOKEN_STORAGE_KEY } from './auth/token-storage';

export { configureRuntime, getRuntimeConfig, type RuntimeConfig } from './runtime-config';

export { ApiError, isApiError } from './http/api-error';
export { callApi, apiUrl, REQUEST_TIMEOUT_MS, type CallArgs, type CallOptions } from './http/call-api';
export { uploadFile, type UploadOptions } from './http/upload-file';
export {
  useFileUpload, fileRefusal, type FileLimits, type FileUpload, type FileUploadOptions, type FileUploadState,
} from './http/use-file-upload';
export { useApi, apiKey, type ApiKey } from './http/use-api';
export { useApiMutation, type ApiMutation, type ApiMutationOptions } from './http/use-api-mutation';
export { ApiProvider, apiSwrConfig, type ApiProviderProps } from './http/api-provider';
export { keyMatchesEndpoint } from './http/key-match';

export { notify } from './toast/notify';

export { RequireRole, LOGIN_ROLE_PATH, RESTRICTED_PATH, type RequireRoleProps } from './guard/require-role';
export { rememberReturnPath, takeReturnPath } from './guard/return-path';
export { useTokenCheck, checkToken } from './guard/use-token-check';
export { useActivityKeepalive, ACTIVITY_REPORT_MS } from './guard/activity-keepalive';
export { startStandaloneRemote, type StandaloneRemote } from './standalone/start-standalone-remote';

export {
  agentStatusesAtom, callStatusAtom, queueAtom, recentSmsAtom, smsStatusChangedAtom,
  type AgentStatusInfo,
} from './realtime/realtime-atoms';
export { RealtimeProvider, useRealtime, type RealtimeApi } from './realtime/realtime-provider';
export type { ConnectionState } from './realtime/realtime-connection';
export { useQueue, useCallStatus, useRecentSms, useSmsStatusChanged, setCallStatus } from './realtime/use-realtime-state';
export { useServerMessage } from './realtime/use-server-message';
export { useLiveTeam } from './realtime/use-live-team';
export { onServerMessage } from './realtime/server-message-listeners';
