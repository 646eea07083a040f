// What the main thread and the sync writer thread (sync/writer.ts, sync/writer.worker.ts)
// say to each other, and how a listing's videos travel between them.
import type { ServicePagination, ServiceVideo } from '../../api/schemas.ts';
import type { ListingMeta, SweepPageMeta, SyncWrite, SyncWriteResult } from './writes.ts';

/** The data a worker is started with. */
export interface SyncWorkerData {
  file: string;
}

/** A page in a write: one the thread holds (it decoded it), or one read here, packed (packVideos). */
export type WirePage = { token: number } | { pagination: ServicePagination; folder: number; packed: unknown[] };

/** What a decoded page tells the sync; its videos stay on the thread under `token`. */
export interface PageFigures {
  pagination: ServicePagination;
  count: number;
  known: boolean;
  token: number;
  /** A sweep's page, written (sweepPage): nothing is held. */
  written?: SyncWriteResult;
}

export type SyncWorkerRequest =
  | { id: number; write: SyncWrite; packed: unknown[] }
  | { id: number; listing: ListingMeta; pages: WirePage[] }
  /** A reply of operation 14 to decode and hold, or write if a sweep's (its bytes are transferred, not copied). */
  | { id: number; decode: { status: number; body: ArrayBuffer; knownIn: number | null; sweepPage: SweepPageMeta | null } }
  /** Pages no write will take (the listing failed part way): no answer. */
  | { id: 0; drop: number[] }
  | { id: number; close: true };

export type SyncWorkerReply =
  | { id: number; result: SyncWriteResult }
  | { id: number; listed: PageFigures }
  /** The thread refused the reply: its bytes come back, for the main thread to say why (interpret()). */
  | { id: number; refused: ArrayBuffer }
  | { id: number; error: string };

const PACKED_FIELDS = 12;

/**
 * The videos as one flat array of their values. Copying a listing to the thread as objects
 * cost ~1.6 ms per page of 500 (structured clone of nested objects); flat values ~0.27 ms.
 */
export function packVideos(videos: readonly ServiceVideo[]): unknown[] {
  const packed: unknown[] = [];
  for (const v of videos) {
    packed.push(v.id, v.createdAt, v.isPublic, v.views, v.name, v.size, v.skipIntro, v.links.download, v.links.embed, v.images.single, v.images.thumbnail, v.images.splash);
  }
  return packed;
}

export function unpackVideos(packed: readonly unknown[]): ServiceVideo[] {
  const videos: ServiceVideo[] = [];
  for (let i = 0; i + PACKED_FIELDS <= packed.length; i += PACKED_FIELDS) {
    const [id, createdAt, isPublic, views, name, size, skipIntro, download, embed, single, thumbnail, splash] = packed.slice(i, i + PACKED_FIELDS) as [
      string, string, boolean, number, string, number, number, string, string, string, string, string,
    ];
    videos.push({ id, createdAt, isPublic, views, name, size, skipIntro, links: { download, embed }, images: { single, thumbnail, splash } });
  }
  return videos;
}

/** A copy of the bytes in an ArrayBuffer of their own, to transfer (the reply's Buffer may share its memory). */
export function ownBytes(bytes: Uint8Array): ArrayBuffer {
  return new Uint8Array(bytes).buffer;
}
