// Seed data: `empty`, `demo` (a believable account), `large:N` (N videos over many folders)
// and `flat:N` (N videos in the root folder: one very long listing) for benchmarks.
import type { Rng } from './rng.ts';
import type { Account, Store } from './state.ts';

export type SeedName = 'empty' | 'demo' | `large:${number}` | `flat:${number}`;

export function parseSeed(text: string): SeedName {
  if (text === 'empty' || text === 'demo') return text;
  const m = /^(large|flat):(\d+)$/.exec(text);
  if (m && Number(m[2]) <= 5_000_000) return `${m[1] as 'large' | 'flat'}:${Number(m[2])}`;
  throw new Error(`seed must be empty, demo, large:N or flat:N (got ${JSON.stringify(text)})`);
}

export function applySeed(store: Store, account: Account, seed: SeedName): void {
  if (seed === 'empty') return;
  if (seed === 'demo') return demo(store, account);
  const [kind, count] = seed.split(':') as ['large' | 'flat', string];
  if (kind === 'flat') return videos(store, account, Number(count), [0]);
  large(store, account, Number(count));
}

const DAY = 86_400_000;

const TREE: Array<[string, Array<[string, string[]]>]> = [
  ['Travel', [['Japan 2023', []], ['Iceland Road Trip', []], ['Lisbon Weekend', []]]],
  ['Tutorials', [['TypeScript Basics', []], ['Home Cooking', ['Baking', 'Weeknight Dinners']]]],
  ['Family', [['Birthdays', []], ['Holidays', []]]],
  ['Work', [['Webinars', []], ['Product Demos', []]]],
  ['Archive', [['2019', []], ['2020', []], ['2021', []]]],
  ['Music Sessions', []],
];

const TITLES: Record<string, string[]> = {
  'Japan 2023': ['Kyoto temples at dawn', 'Shibuya crossing timelapse', 'Fushimi Inari hike', 'Osaka street food tour', 'Bullet train to Hiroshima', 'Nara deer park', 'Tokyo tower at night', 'Hakone onsen day'],
  'Iceland Road Trip': ['Skogafoss waterfall', 'Black sand beach walk', 'Northern lights over Vik', 'Glacier lagoon boat ride', 'Ring road drone footage', 'Reykjavik harbour'],
  'Lisbon Weekend': ['Tram 28 ride', 'Alfama sunset', 'Pasteis de nata tasting', 'Belem tower', 'LX Factory walk'],
  'TypeScript Basics': ['Types vs interfaces', 'Generics in ten minutes', 'Narrowing with type guards', 'Strict mode explained', 'Modules and imports', 'Async await patterns', 'Mapped types deep dive'],
  Baking: ['Sourdough starter day 1', 'Focaccia with rosemary', 'Cinnamon rolls', 'Lemon tart', 'Rye bread loaf'],
  'Weeknight Dinners': ['One pan chicken', 'Fifteen minute ramen', 'Vegetable curry', 'Shakshuka', 'Pasta aglio e olio'],
  'Home Cooking': ['Knife skills', 'Stocking the pantry', 'Perfect rice every time'],
  Birthdays: ['Mia turns five', 'Grandpa 80th party', 'Surprise party setup', 'Cake reveal'],
  Holidays: ['Christmas morning', 'New Year fireworks', 'Easter egg hunt', 'Summer at the lake'],
  Webinars: ['Quarterly product update', 'Onboarding webinar', 'Security best practices', 'Customer panel'],
  'Product Demos': ['Dashboard walkthrough', 'Mobile app demo', 'Export feature preview', 'Integrations overview'],
  '2019': ['Old phone clips', 'Concert in the park', 'Moving day'],
  '2020': ['Lockdown sourdough', 'Balcony concert', 'Video call highlights'],
  '2021': ['First trip after lockdown', 'Garden makeover', 'Beach cleanup'],
  'Music Sessions': ['Acoustic set live', 'Piano improvisation', 'Drum cover', 'Studio session take 3', 'Rooftop jam'],
  '': ['Welcome to my channel', 'Unboxing the new camera', 'Screen recording', 'Vlog', 'Behind the scenes', 'Quick update', 'Q&A livestream', 'Test upload'],
};

const SUFFIXES = ['', ' (part 2)', ' (part 3)', ' - raw', ' - final cut', ' 4K', ' HD', ' - extended', ' - short', ' (director cut)'];

function demo(store: Store, account: Account): void {
  const rng = store.data;
  const now = store.clock();
  account.balance = 42.13795;
  const folderIds = new Map<string, number>();
  for (const [top, children] of TREE) {
    const t = store.createFolder(account, top, 0);
    folderIds.set(top, t.id);
    for (const [child, grand] of children) {
      const c = store.createFolder(account, child, t.id);
      folderIds.set(child, c.id);
      for (const g of grand) folderIds.set(g, store.createFolder(account, g, c.id).id);
    }
  }
  const planned: Array<{ folder: number; name: string }> = [];
  for (const [key, titles] of Object.entries(TITLES)) {
    const folder = key === '' ? 0 : (folderIds.get(key) ?? 0);
    const copies = key === '' ? 6 : 4;
    for (let round = 0; round < copies; round++) {
      for (const title of titles) planned.push({ folder, name: `${title}${SUFFIXES[(round * 3 + title.length) % SUFFIXES.length] ?? ''}${round > 0 && round % 2 === 0 ? ` #${round}` : ''}.mp4` });
    }
  }
  shuffle(rng, planned);
  const span = 700 * DAY;
  planned.forEach((p, i) => {
    const createdAtMs = now - span + Math.floor((span * i) / planned.length) + rng.int(3_600_000);
    const video = store.createVideo(account, {
      name: p.name,
      size: 5_000_000 + rng.int(175_000_000),
      folderId: p.folder,
      createdAtMs,
      views: Math.floor(Math.pow(rng.next(), 3) * 25_000),
      isPublic: rng.next() > 0.1,
    });
    if (rng.next() < 0.15) video.skipIntro = 5 + rng.int(40);
    if (rng.next() < 0.05) video.subtitles.push({ language: 'en', vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHello!\n' });
  });
  const videos = [...account.videos.values()];
  for (let i = 0; i < 3; i++) {
    const v = videos[(i * 97 + 13) % videos.length];
    if (!v) continue;
    store.addDmca(account, v, now - (90 - i * 30) * DAY);
    // A takedown disables the video: listings return only active videos (spec section 3).
    store.deleteVideo(v.id);
  }
  const remote: Array<[string, 'completed' | 'failed', number]> = [
    ['https://media.example.org/clips/sunrise-timelapse.mp4', 'completed', 48_211_337],
    ['https://cdn.example.net/share/interview-final.mov', 'completed', 512_004_096],
    ['http://files.example.com/broken/link.mp4', 'failed', 0],
  ];
  remote.forEach(([url, status, bytes], i) => {
    const id = store.newId();
    const item = { id, accountId: account.id, url, status, createdMs: now - (3 - i) * DAY, folder: 0, downloaded: bytes, total: bytes } as const;
    const mutable = { ...item, ...(status === 'failed' ? { error: 'Upstream answered HTTP 404' } : {}) };
    account.remote.push(mutable);
    store.remoteIndex.set(id, mutable);
  });
}

const ADJ = ['Quiet', 'Golden', 'Hidden', 'Rapid', 'Electric', 'Northern', 'Lost', 'Bright', 'Silver', 'Wild', 'Urban', 'Frozen', 'Ancient', 'Midnight', 'Crimson', 'Gentle'];
const NOUN = ['River', 'Harbour', 'Valley', 'Market', 'Skyline', 'Forest', 'Workshop', 'Highway', 'Garden', 'Station', 'Lecture', 'Session', 'Journey', 'Festival', 'Canyon', 'Kitchen'];

/** N videos over many folders. Cheap enough for 50,000 in well under a second. */
function large(store: Store, account: Account, n: number): void {
  const folderCount = Math.max(1, Math.min(2000, Math.ceil(n / 250)));
  const topCount = Math.max(1, Math.ceil(Math.sqrt(folderCount)));
  const folders: number[] = [0];
  const tops: number[] = [];
  for (let i = 0; i < folderCount; i++) {
    const parent = i < topCount ? 0 : (tops[i % topCount] ?? 0);
    const f = store.createFolder(account, i < topCount ? `Collection ${i + 1}` : `Batch ${i + 1}`, parent);
    if (i < topCount) tops.push(f.id);
    folders.push(f.id);
  }
  videos(store, account, n, folders);
}

/** N videos spread round-robin over the given folders, newest last. */
function videos(store: Store, account: Account, n: number, folders: readonly number[]): void {
  const rng = store.data;
  const now = store.clock();
  for (let i = 0; i < n; i++) {
    const folderId = folders[i % folders.length] ?? 0;
    store.createVideo(account, {
      name: `${ADJ[i % ADJ.length]} ${NOUN[(i >> 4) % NOUN.length]} ${String(i + 1).padStart(6, '0')}.mp4`,
      size: 1_000_000 + rng.int(99_000_000),
      folderId,
      createdAtMs: now - (n - i) * 60_000,
      views: rng.int(10_000),
    });
  }
}

function shuffle<T>(rng: Rng, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
}
