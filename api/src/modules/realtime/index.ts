export { realtimeServicePlugin, type RealtimeService } from './realtime-service';
export { socketRoutes } from './socket-route';
export { hasPendingWrapUp, leaveWrapUp, listQueue, moveStatus, releaseAgent, saveStatus } from './presence-store';
