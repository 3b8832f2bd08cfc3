import type { WebSocket } from 'ws';

/** This process's sockets, one room per account. */
export class Rooms {
  private readonly rooms = new Map<string, Set<WebSocket>>();

  /** Returns the function that leaves the room again. */
  join(accountId: string, socket: WebSocket): () => void {
    let room = this.rooms.get(accountId);
    if (!room) this.rooms.set(accountId, (room = new Set()));
    room.add(socket);
    return () => {
      room.delete(socket);
      if (room.size === 0 && this.rooms.get(accountId) === room) this.rooms.delete(accountId);
    };
  }

  deliver(accountId: string, frame: string): void {
    for (const socket of this.rooms.get(accountId) ?? []) {
      if (socket.readyState === socket.OPEN) socket.send(frame);
    }
  }
}
