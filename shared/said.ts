// What the core says to a person, as codes with params (issue 30): one declared table, from
// which the types of every said thing are derived. The core never words a sentence; it says
// `{code, params}` and whoever shows it (the window, the CLI, the shell) words it through
// shared/i18n/say.ts and the `code_<code>` messages of the codes.json catalogs. Zod-free, so the
// window imports it; shared/model.ts derives the contract's schema from it.
//
// Each row: the param names and their kinds. 'text' params are shown as given (a file name, an
// address, the service's own unstable words as `detail`); 'count' params are raw numbers the
// message may choose a plural by.

export type SaidParamKind = 'text' | 'count';

export const SAID_CODES = {
  /** Prose that has no code: a row written before codes existed, or a text from elsewhere. Shown as written. */
  as_written: { text: 'text' },

  // Uploads: why a file was not queued (expand.ts, video.ts), and what a job's note says.
  skip_too_many: { max: 'count' },
  skip_gone: {},
  skip_not_file_or_folder: {},
  skip_folder_unreadable: {},
  skip_not_video: {},
  skip_hidden: {},
  skip_outside_watched: {},
  skip_empty: {},
  skip_not_video_content: {},
  skip_unreadable: {},
  skip_sound_only_in: { name: 'text', container: 'text', codec: 'text' },
  skip_sound_only: { name: 'text', codec: 'text' },
  skip_no_video_track_in: { name: 'text', container: 'text' },
  skip_no_video_track: { name: 'text' },
  skip_already_queued: {},
  skip_already_uploaded: {},
  note_arrived_before_cancel: {},
  upload_not_granted_one: {},
  upload_not_granted_many: { count: 'count' },
  upload_folder_locked: { name: 'text' },
  upload_gone: {},

  // Watch folders.
  watch_not_picked: {},
  watch_not_full_path: {},
  watch_folder_gone: {},

  // Files the person picked.
  path_not_full: {},
  /** The CLI's refusal of a path it was given that is not there. */
  path_missing: {},
  read_not_granted: {},

  // The library and its changes.
  video_not_in_library: {},
  folder_not_in_library: {},
  folder_new_missing: {},
  subtitle_new_missing: {},
  frame_type_mismatch: { got: 'text', announced: 'text' },
  change_being_sent: {},
  change_not_waiting: {},
  import_delete_needs_id: {},
  import_delete_needs_full_id: {},
  import_folder_not_saved: {},
  import_already_on_service: {},
  tombstone_alive: {},
  tombstone_unknown: {},
  link_upload_not_granted: {},

  // Exports and link texts.
  export_too_many_links: {},
  export_running: {},
  export_not_chosen: {},
  export_not_written: { path: 'text', detail: 'text' },
  export_too_many_reads: {},
  link_not_asked: {},
  link_text_write_not_chosen: {},
  link_text_read_not_chosen: {},
  link_text_unreadable: { detail: 'text' },
  link_text_not_file: {},
  link_text_too_large: { megabytes: 'count' },

  // Settings and the network.
  settings_refused: { detail: 'text' },
  settings_url_scheme: {},
  settings_fixed: { names: 'text' },
  settings_not_saved: {},
  proxy_password_needs_user: {},
  sandbox_source_only: {},

  // Accounts and the API key.
  account_gone: {},
  account_key_exists: { name: 'text' },
  account_needed_for_watch: {},
  accounts_fixed_run: {},
  account_setup_needed: {},
  key_length: { expected: 'count', actual: 'count' },
  key_characters: {},
  plain_http_risk: {},
  key_refused: { baseUrl: 'text' },
  key_refused_said: { baseUrl: 'text', detail: 'text' },
  service_unreachable: { baseUrl: 'text', detail: 'text' },
  service_unlike: { baseUrl: 'text', detail: 'text' },
  base_url_empty: {},
  base_url_not_web: { text: 'text' },
  base_url_scheme: {},
  base_url_credentials: {},
  base_url_query: {},
  base_url_fragment: {},

  // Notification destinations.
  destination_gone: {},
  destination_test_failed: { detail: 'text' },
} as const satisfies Record<string, Record<string, SaidParamKind>>;

export type SaidCode = keyof typeof SAID_CODES;

type ParamValue<K extends SaidParamKind> = K extends 'count' ? number : string;
export type SaidParams<C extends SaidCode> = { -readonly [P in keyof (typeof SAID_CODES)[C]]: ParamValue<(typeof SAID_CODES)[C][P] & SaidParamKind> };

/** One said thing: a code and exactly its params. */
export type Said = { [C in SaidCode]: { code: C; params: SaidParams<C> } }[SaidCode];

export const SAID_CODE_NAMES = Object.keys(SAID_CODES) as SaidCode[];

export function said<C extends SaidCode>(code: C, ...params: keyof SaidParams<C> extends never ? [] : [SaidParams<C>]): Said {
  return { code, params: params[0] ?? {} } as Said;
}

export function isSaidCode(value: string): value is SaidCode {
  return Object.hasOwn(SAID_CODES, value);
}

/** Checks a value read back (a database row, a message from a thread) is a said thing with its params. */
export function asSaid(value: unknown): Said | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, params } = value as { code?: unknown; params?: unknown };
  if (typeof code !== 'string' || !isSaidCode(code) || typeof params !== 'object' || params === null) return null;
  const kinds: Record<string, SaidParamKind> = SAID_CODES[code];
  const given = params as Record<string, unknown>;
  if (Object.keys(given).length !== Object.keys(kinds).length) return null;
  for (const [name, kind] of Object.entries(kinds)) {
    if (kind === 'count' ? typeof given[name] !== 'number' : typeof given[name] !== 'string') return null;
  }
  return { code, params: given } as Said;
}

/** How a said thing is kept in a database text column. */
export function storeSaid(value: Said): string {
  return JSON.stringify(value);
}
