// One host connection per meeting. Checked in this instance's room and, with Redis, through a host
// lease all instances share (host-slots.ts). A reconnect of the same client (same clientId) replaces
// its old socket; another client is refused while the current host connection is open. When the host
// connection drops while recording, the recording waits for it during the host grace.
import type { LiveConnection } from './live-connection';
import { LiveSocketError } from './live-errors';
import type { HostLease, HostSlots } from './host-slots';
import type { Room } from './meeting-rooms';

export class HostConnections {
  private readonly leases = new Map<LiveConnection, HostLease>();

  constructor(
    private slots: HostSlots,
    private readonly log: { warn(obj: unknown, msg?: string): void },
  ) {}

  /** Tests swap in slots with a short lease and their own key prefix. */
  async useSlots(slots: HostSlots): Promise<void> {
    const previous = this.slots;
    this.slots = slots;
    await previous.close();
  }

  /** Makes `connection` the room's host, or throws hostAlreadyConnected (fatal). Ends a pending host grace. */
  async admit(room: Room, connection: LiveConnection): Promise<void> {
    this.refuseSecondHost(room, connection);
    const lease = await this.slots.acquire(room.meetingId, connection.clientId, () => {
      // Taken over by the same client on another instance (or lost with Redis): this socket is stale.
      if (connection.open) connection.socket.close(4001, 'replaced by a newer connection');
    });
    if (!lease) throw new LiveSocketError(409, 'hostAlreadyConnected', {}, true);
    this.leases.set(connection, lease);
    // Checked again: another host connection here may have got in while the lease was asked for.
    this.refuseSecondHost(room, connection);
    const replaced = room.host;
    if (replaced && replaced !== connection && replaced.open) replaced.socket.close(4001, 'replaced by a newer connection');
    room.host = connection;
    if (room.hostGrace) {
      clearTimeout(room.hostGrace);
      room.hostGrace = null;
    }
  }

  /** A host connection is refused while another client's host connection is open here. */
  private refuseSecondHost(room: Room, connection: LiveConnection) {
    const current = room.host;
    if (current && current !== connection && current.open && (!connection.clientId || connection.clientId !== current.clientId)) {
      throw new LiveSocketError(409, 'hostAlreadyConnected', {}, true);
    }
  }

  /** Frees the connection's lease, if it holds one (a refused connection too). */
  release(connection: LiveConnection): void {
    const lease = this.leases.get(connection);
    if (!lease) return;
    this.leases.delete(connection);
    void lease.release().catch((error: unknown) => this.log.warn({ err: error }, 'host lease not released'));
  }

  /** The room's host connection closed: while recording, `lost` runs unless a host is back within `graceMs`. */
  depart(room: Room, connection: LiveConnection, graceMs: number, lost: () => void): void {
    if (connection.role !== 'host' || room.host !== connection) return;
    room.host = null;
    if (!room.session) return;
    room.hostGrace = setTimeout(() => {
      room.hostGrace = null;
      lost();
    }, graceMs);
  }

  stopGrace(room: Room): void {
    if (room.hostGrace) clearTimeout(room.hostGrace);
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.leases.values()].map((lease) => lease.release()));
    this.leases.clear();
    await this.slots.close();
  }
}
