/**
 * The order in which the embedded database runs what its socket connections send.
 *
 * PGlite is one PostgreSQL session: every socket connection shares it, and it runs one protocol
 * message at a time. The socket server's own queue keeps a connection's transaction together, but
 * not an extended-protocol exchange outside one: `Parse, Bind, Describe, Execute, Sync` arrive as
 * five messages, and another connection's `Parse` between them replaces the unnamed statement the
 * first one is about to execute — its answer goes to the wrong client. With the site's pool and a
 * command (an import, a backup) both connected, that happens. This queue keeps a connection's
 * messages together from its first message up to `Sync` (or a whole simple `Query`), and inside a
 * transaction up to its end; and it lets the owner run a task between exchanges (a backup).
 */
import type { PGlite } from '@electric-sql/pglite';

interface Item {
  handlerId: number;
  message?: Uint8Array;
  onData?: (data: Uint8Array) => void;
  task?: () => Promise<unknown>;
  resolve: (v: number) => void;
  reject: (err: unknown) => void;
}

const PROTOCOL_V3 = 196608;
/** Messages after which a connection's exchange is complete: Sync, Query, Terminate. */
const ENDS_EXCHANGE = new Set([0x53, 0x51, 0x58]);

/** A startup packet has no type byte: its length, then the protocol version. */
function endsExchange(message: Uint8Array): boolean {
  if (message.length >= 8) {
    const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
    if (view.getInt32(4) === PROTOCOL_V3 && view.getInt32(0) === message.length) return true;
  }
  return ENDS_EXCHANGE.has(message[0]!);
}

export class WireQueue {
  private queue: Item[] = [];
  private processing = false;
  /** The connection whose exchange (or transaction) is under way: only it may go next. */
  private holder: number | null = null;
  private lastHandlerId: number | null = null;

  constructor(private readonly db: Pick<PGlite, 'isInTransaction' | 'runExclusive' | 'execProtocolRawStream' | 'exec'>) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.processQueue();
    });
  }

  /** Runs `task` alone, between two connections' exchanges and outside any transaction. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let result: T;
      this.queue.push({
        handlerId: -1,
        task: async () => {
          result = await task();
        },
        resolve: () => resolve(result),
        reject,
      });
      void this.processQueue();
    });
  }

  private next(): Item | undefined {
    if (this.holder === null) return this.queue.shift();
    const at = this.queue.findIndex((i) => i.handlerId === this.holder);
    // The holder's next message has not arrived yet: everyone else waits for it.
    return at === -1 ? undefined : this.queue.splice(at, 1)[0];
  }

  private async processQueue(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        if (item.task) {
          try {
            await item.task();
            item.resolve(0);
          } catch (err) {
            item.reject(err);
          }
          continue;
        }
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message!, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData!(data);
              },
            }),
          );
        } catch (err) {
          this.holder = this.db.isInTransaction() ? item.handlerId : null;
          item.reject(err);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        this.holder = this.db.isInTransaction() || !endsExchange(item.message!) ? item.handlerId : null;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((i) => {
      if (i.handlerId !== handlerId) return true;
      i.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /** A connection went away: its open transaction is rolled back and its turn given up. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.holder !== handlerId && this.lastHandlerId !== handlerId) return;
    if (this.db.isInTransaction() && (this.holder === handlerId || this.lastHandlerId === handlerId)) {
      await this.db.exec('ROLLBACK');
    }
    if (this.holder === handlerId) this.holder = null;
    if (this.lastHandlerId === handlerId) this.lastHandlerId = null;
    void this.processQueue();
  }
}
