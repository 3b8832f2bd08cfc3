export { realtimeServicePlugin, type RealtimeService } from './realtime-service';
export { socketRoutes } from './socket-route';
export { leaveWrapUp, listQueue, moveStatus, releaseAgent, saveStatus } from './presence-store';
