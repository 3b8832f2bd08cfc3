export { realtimeServicePlugin, type RealtimeService } from './realtime-service';
export { socketRoutes } from './socket-route';
