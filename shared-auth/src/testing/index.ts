// The one test kit for every front-end package: session users, the network boundary (fetch,
// XMLHttpRequest, WebSocket) and screens rendered as the host renders them. Tests import it
// as 'shared-auth/src/testing'; the package index does not export it, so it never ships.
export { makeUser, resetAuthStore } from './make-user';
export { stubFetch, inTurn, never, ok, failure, type Responder, type SentRequest, type StubReply } from './fetch-stub';
export { renderScreen, settled, API_BASE } from './render-screen';
export { FakeXhr, installFakeXhr } from './fake-xhr';
export { FakeWebSocket, installFakeWebSocket } from './fake-websocket';
