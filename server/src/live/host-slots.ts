// The "one host connection per meeting" slot shared by server instances. In-process the hub's own
// room is the whole truth, so the slot is always granted; with Redis (redis-host-slots.ts) it is a
// lease every instance sees.

export interface HostLease {
  /** Frees the slot unless another connection has taken it over meanwhile. */
  release(): Promise<void>;
}

export interface HostSlots {
  /**
   * The meeting's host slot for a new host connection: granted when free, expired, or held by the
   * same non-empty clientId (a reconnect takes over its own lease); null when another client holds it.
   * `onLost` runs when the lease is later taken over or could not be renewed.
   */
  acquire(meetingId: string, clientId: string | null, onLost: () => void): Promise<HostLease | null>;
  close(): Promise<void>;
}

const GRANTED: HostLease = { release: async () => undefined };

export function createInProcessHostSlots(): HostSlots {
  return {
    acquire: async () => GRANTED,
    close: async () => undefined,
  };
}
