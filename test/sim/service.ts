// The service, in process: the state a real one keeps (folders, videos, upload sessions,
// the account's key) and its answers to the operations the queue, the outbox and the sync
// use, in the wire shapes of spec/service-api.md as the sandbox host (test/host) writes
// them. No sockets: the simulated network (network.ts) hands it each request whole.
import type { Rng } from '../host/rng.ts';

export interface SimVideo {
  id: string;
  name: string;
  size: number;
  folderId: number;
  createdAtMs: number;
  skipIntro: number;
  /** What was sent (the simulated file's bytes, hashed): which local file this video is. */
  contentTag: string;
}

export interface SimFolder {
  id: number;
  name: string;
  parent: number;
  code: string;
  /** The name asked for when a client created it (operation 11); absent for folders seeded. */
  createdAs?: string;
}

export interface ServiceAnswer {
  status: number;
  body: string;
}

/** Every application failure: HTTP 500 with {message, status: 500} (spec section 7). */
const failure = (message: string): ServiceAnswer => ({ status: 500, body: JSON.stringify({ message, status: 500 }) });
const ok = (value: unknown): ServiceAnswer => ({ status: 200, body: JSON.stringify(value) });

export const BASE_URL = 'https://api.sim.invalid';
export const FILE_SERVERS = ['https://fs1.sim.invalid/upload/01', 'https://fs2.sim.invalid/upload/02'];

export class SimService {
  readonly folders = new Map<number, SimFolder>();
  /** In the order made: listings are newest first. */
  readonly videos: SimVideo[] = [];
  readonly sessions = new Map<string, { fileServer: string; spent: boolean }>();
  /** The key the service accepts now (a refused key is a key the person replaced). */
  key: string;
  /** The upload target moves between tries: every target names the next file server. */
  #nextFileServer = 0;
  #nextFolderId = 101;
  readonly #rng: Rng;
  readonly #now: () => number;

  constructor(rng: Rng, now: () => number, key: string) {
    this.#rng = rng;
    this.#now = now;
    this.key = key;
  }

  /** The folders clients created, each once per request the service acted on. */
  get createdFolders(): SimFolder[] {
    return [...this.folders.values()].filter((folder) => folder.createdAs !== undefined);
  }

  addFolder(name: string, parent = 0): SimFolder {
    const id = this.#nextFolderId++;
    const folder = { id, name, parent, code: this.#rng.word(12) };
    this.folders.set(id, folder);
    return folder;
  }

  addVideo(name: string, size: number, folderId: number, contentTag: string): SimVideo {
    const video = { id: this.#rng.word(12), name, size, folderId, createdAtMs: this.#now(), skipIntro: 0, contentTag };
    this.videos.push(video);
    return video;
  }

  /** One API request, whole: what the service does with it and what it answers. */
  handle(method: string, url: URL, headers: Record<string, string>, json: unknown): ServiceAnswer {
    if (headerOf(headers, 'x-api-key') !== this.key) return failure('Invalid API Key');
    const q = url.searchParams;
    const body = (json ?? {}) as Record<string, unknown>;
    switch (`${method} ${url.pathname}`) {
      case 'GET /v1/account':
        return ok({ email: 'sim@example.com', balance: '0.00', premiumExpire: '', isPremium: false, storage: { total: 'Unlimited', used: 0, left: 'Unlimited' } });
      case 'GET /v1/upload/url/slots':
        return ok({ slots: { used: 0, total: 10, free: 10 } });
      case 'GET /v1/upload/url/list': {
        const page = Math.max(1, Number(q.get('page') ?? 1));
        const perPage = Math.max(1, Number(q.get('perPage') ?? 50));
        return ok({ pagination: { page, perPage, total: 0 }, list: [] });
      }
      case 'GET /v1/upload': {
        const fileServer = FILE_SERVERS[this.#nextFileServer++ % FILE_SERVERS.length] ?? '';
        const session = `sess-${this.#rng.word(24)}`;
        this.sessions.set(session, { fileServer, spent: false });
        return ok({ url: fileServer, session });
      }
      case 'POST /v1/folders/create': {
        if (typeof body.name !== 'string' || body.name === '') return failure('name is required');
        const f = this.addFolder(body.name);
        f.createdAs = body.name;
        return ok({ id: f.id, name: f.name, code: f.code, parent: f.parent, isPublic: false, openEmbed: false });
      }
      case 'POST /v1/folders/rename': {
        const folder = this.folders.get(Number(body.id));
        if (!folder) return failure('Folder not found');
        if (typeof body.name !== 'string' || body.name === '') return failure('name is required');
        folder.name = body.name;
        return ok({ id: folder.id, name: folder.name });
      }
      case 'GET /v1/folders': {
        const parent = Number(q.get('parent') ?? 0);
        if (parent !== 0 && !this.folders.has(parent)) return failure('Folder not found');
        return ok({ list: this.#tree(parent, 0) });
      }
      case 'GET /v1/videos': {
        const folder = Number(q.get('folder') ?? 0);
        if (folder !== 0 && !this.folders.has(folder)) return failure('Folder not found');
        const page = Math.max(1, Number(q.get('page') ?? 1));
        const perPage = Math.max(1, Number(q.get('perPage') ?? 50));
        const search = (q.get('search') ?? '').toLowerCase();
        const all = this.videos.filter((v) => v.folderId === folder);
        const matching = all.filter((v) => search === '' || v.name.toLowerCase().includes(search)).reverse();
        const list = matching.slice((page - 1) * perPage, page * perPage).map((v) => this.#videoView(v));
        // The total ignores `search` (spec 4, rule 9), as the sandbox host reproduces.
        return ok({ pagination: { page, perPage, total: all.length }, folder, list });
      }
      case 'GET /v1/videos/info': {
        const video = this.videos.find((v) => v.id === q.get('id'));
        return video ? ok(this.#videoView(video)) : failure('File not found');
      }
      case 'POST /v1/videos/skip-intro': {
        const video = this.videos.find((v) => v.id === body.id);
        if (!video) return failure('File not found');
        video.skipIntro = Number(body.seconds ?? 0);
        return ok({ id: video.id, updated: true });
      }
      default:
        return failure('Unknown operation');
    }
  }

  /**
   * The file server took a whole body: a video when the session is good (single use, bound
   * to its file server), else its refusal. Answers the reply's file code, or why not.
   */
  receiveUpload(fileServer: string, session: string, folderId: number, name: string, size: number, contentTag: string): { video: SimVideo } | { refused: string } {
    const known = this.sessions.get(session);
    if (!known || known.spent || known.fileServer !== fileServer) return { refused: 'Invalid session' };
    known.spent = true;
    if (folderId !== 0 && !this.folders.has(folderId)) return { refused: 'Folder not found' };
    return { video: this.addVideo(name, size, folderId, contentTag) };
  }

  #tree(parent: number, depth: number): unknown[] {
    return [...this.folders.values()]
      .filter((f) => f.parent === parent)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      .map((f) => ({
        id: f.id,
        name: f.name,
        code: f.code,
        isPublic: false,
        openEmbed: false,
        files: this.videos.filter((v) => v.folderId === f.id).length,
        children: depth < 64 ? this.#tree(f.id, depth + 1) : [],
        color: '',
      }));
  }

  #videoView(v: SimVideo): unknown {
    const d = new Date(v.createdAtMs);
    const pad = (n: number) => String(n).padStart(2, '0');
    const createdAt = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    const base = `${BASE_URL.replace('api.', 'www.')}`;
    return {
      id: v.id,
      createdAt,
      isPublic: true,
      views: 0,
      name: v.name,
      size: v.size,
      skipIntro: v.skipIntro,
      links: { download: `${base}/d/${v.id}`, embed: `${base}/e/${v.id}` },
      images: { single: `${base}/img/${v.id}/single.png`, thumbnail: `${base}/img/${v.id}/thumb.png`, splash: `${base}/img/${v.id}/splash.png` },
    };
  }
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}
