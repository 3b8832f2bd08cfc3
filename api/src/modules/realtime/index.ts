export { realtimeServicePlugin, type RealtimeService } from './realtime-service';
export { socketRoutes } from './socket-route';
export { listQueue, moveStatus, saveStatus } from './presence-store';
