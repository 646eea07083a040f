// What remote imports need to know about the connection: whether to try the service now,
// and when that changes. Kept to two methods so tests drive it by hand; the composition
// root passes the ConnectionMonitor through `connectivityFrom`.
export interface Connectivity {
  /** False only when the service is known to be unreachable right now. */
  isOnline(): boolean;
  /** Called with the new state; returns the unsubscribe function. */
  onChange(listener: (online: boolean) => void): () => void;
}

/** For hosts without a monitor: always try, and learn about failures from the requests. */
export const assumeOnline: Connectivity = {
  isOnline: () => true,
  onChange: () => () => {},
};

type ConnectionState = 'online' | 'offline' | 'unknown';

/** The part of ConnectionMonitor (electron/core/api/connection.ts) used here. */
export interface ConnectionSource {
  get(): { state: ConnectionState };
  onChange(listener: (connection: { state: ConnectionState }) => void): () => void;
}

/** `unknown` (nothing tried yet) counts as online: the first request finds out. */
export function connectivityFrom(source: ConnectionSource): Connectivity {
  return {
    isOnline: () => source.get().state !== 'offline',
    onChange: (listener) => {
      let online = source.get().state !== 'offline';
      return source.onChange((connection) => {
        const now = connection.state !== 'offline';
        if (now === online) return;
        online = now;
        listener(now);
      });
    },
  };
}
