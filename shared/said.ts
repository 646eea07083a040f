// What the core says to a person, as codes with params (issue 30): one declared table, from
// which the types of every said thing are derived. The core never words a sentence; it says
// `{code, params}` and whoever shows it (the window, the CLI, the shell) words it through
// shared/i18n/say.ts and the `code_<code>` messages of the codes.json catalogs. Zod-free, so the
// window imports it; shared/model.ts derives the contract's schema from it.
//
// Each row: the param names and their kinds. 'text' params are shown as given (a file name, an
// address, the service's own unstable words as `detail`); 'count' params are raw numbers the
// message may choose a plural by; 'said' params are another said thing, worded first in the same
// language (a reason inside a sentence: "The service could not be reached: {reason}").

export type SaidParamKind = 'text' | 'count' | 'said';

export const SAID_CODES = {
  /** Prose that has no code: a row written before codes existed, or a text from elsewhere. Shown as written. */
  as_written: { text: 'text' },

  // What each error code means (shared/errors.ts ERROR_LEADS); `detail`: the service's own words, verbatim.
  error_offline: {},
  error_offline_service_said: { detail: 'text' },
  error_unauthorized: {},
  error_unauthorized_service_said: { detail: 'text' },
  error_not_found: {},
  error_not_found_service_said: { detail: 'text' },
  error_rate_limited: {},
  error_rate_limited_service_said: { detail: 'text' },
  error_validation: {},
  error_validation_service_said: { detail: 'text' },
  error_limit_reached: {},
  error_limit_reached_service_said: { detail: 'text' },
  error_server: {},
  error_server_service_said: { detail: 'text' },
  error_unavailable: {},
  error_unavailable_service_said: { detail: 'text' },
  error_internal: {},
  error_internal_service_said: { detail: 'text' },

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
  // A watched folder's own failures (watch/folder-watcher.ts); `detail`: the system's words.
  watch_check_failed: { detail: 'text' },
  /** The system's limit of change watches is reached: the folder is scanned every `seconds` instead. */
  watch_limit_scanning: { seconds: 'count', detail: 'text' },
  watch_changes_failed: { detail: 'text' },
  watch_stop_failed: { detail: 'text' },

  // Files the person picked.
  path_not_full: {},
  /** The CLI's refusal of a path it was given that is not there. */
  path_missing: {},
  read_not_granted: {},
  picked_file_gone: {},
  /** A queued file is not the one that was added (files/file-identity.ts): replaced, or changed since. */
  file_swapped: {},
  file_changed: {},
  // A picked thumbnail or subtitle as it is read (files/image.ts readPickedFile), and a video lent for playback.
  picked_image_path_not_full: { name: 'text' },
  picked_subtitle_path_not_full: { name: 'text' },
  picked_file_missing: { name: 'text' },
  picked_file_unreadable: { name: 'text' },
  /** `errno`: the system's code for why (ENOENT, EIO…), as a person may report it. */
  picked_file_unreadable_errno: { name: 'text', errno: 'text' },
  picked_file_broken_link: { name: 'text' },
  picked_image_is_folder: { name: 'text' },
  picked_subtitle_is_folder: { name: 'text' },
  picked_image_not_regular: { name: 'text' },
  picked_subtitle_not_regular: { name: 'text' },
  picked_file_empty: { name: 'text' },
  picked_file_denied: { name: 'text' },
  media_not_granted: {},
  media_not_file: { name: 'text' },
  media_not_video: { name: 'text' },

  // Thumbnails (files/image.ts). `format`: an image format's own name (JPEG, PNG, GIF…).
  thumbnail_file_too_large: { name: 'text', megabytes: 'count', maxWidth: 'count', maxHeight: 'count' },
  thumbnail_not_image: { name: 'text' },
  thumbnail_other_format: { name: 'text', format: 'text' },
  thumbnail_heic: { name: 'text' },
  thumbnail_damaged: { name: 'text', format: 'text' },
  thumbnail_incomplete: { name: 'text', format: 'text' },
  thumbnail_no_dimensions: { name: 'text' },
  thumbnail_too_big: { name: 'text', width: 'count', height: 'count', maxWidth: 'count', maxHeight: 'count' },

  // Subtitles (files/subtitle*.ts). `encoding`: a text encoding's label (UTF-8, Windows-1252…).
  subtitle_not_subtitle: { name: 'text' },
  subtitle_not_subtitle_read_as: { name: 'text', encoding: 'text' },
  subtitle_no_cues: { name: 'text' },
  subtitle_broken_timing: { name: 'text', line: 'count', text: 'text' },
  subtitle_ends_before_start: { name: 'text', line: 'count', text: 'text' },
  subtitle_encoding_unknown: { encoding: 'text' },
  subtitle_not_text: { name: 'text', encoding: 'text' },
  subtitle_too_large: { name: 'text', kilobytes: 'count' },
  subtitle_too_large_converted: { name: 'text', kilobytes: 'count' },
  subtitle_too_complex: { name: 'text' },
  /** `detail`: the developer's words for a failure of ours (shown so it can be reported). */
  subtitle_not_prepared: { name: 'text', detail: 'text' },

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
  link_text_not_encoding: { encoding: 'text' },

  // Settings and the network.
  settings_refused: { detail: 'text' },
  settings_url_scheme: {},
  settings_fixed: { names: 'text' },
  settings_not_saved: {},
  proxy_password_needs_user: {},
  sandbox_source_only: {},
  file_server_url_not_web: {},
  outbox_kind_unknown: { name: 'text' },

  // Accounts and the API key.
  account_gone: {},
  account_key_exists: { name: 'text' },
  account_needed_for_watch: {},
  /** The connection's reason while the service refuses the key (accounts/key-gate.ts). */
  key_refused_replace: {},
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

  // The keychain (secrets/). `detail`: the keychain's own words, as it gave them.
  keychain_locked: {},
  keychain_locked_because: { detail: 'text' },
  keychain_locked_timeout: { seconds: 'count' },
  keychain_none_linux: { detail: 'text' },
  keychain_none_darwin: { detail: 'text' },
  keychain_none_win32: { detail: 'text' },
  keychain_none_other: { detail: 'text' },
  keychain_module_linux: { detail: 'text' },
  keychain_module_darwin: { detail: 'text' },
  keychain_module_win32: { detail: 'text' },
  keychain_module_other: { detail: 'text' },

  // Startup notices (startup/notice-texts.ts, hooks/hooks.ts): a title, then sentences of detail.
  notice_settings_damaged: {},
  notice_settings_damaged_kept: {},
  notice_settings_unreadable: {},
  notice_keychain_unavailable: {},
  notice_keychain_unavailable_data_safe: {},
  notice_library_damaged: {},
  notice_library_damaged_detail: {},
  notice_account_in_use: {},
  notice_account_in_use_detail: {},
  /** The command line's ending to notice_account_in_use: it does not wait for the other to quit. */
  notice_library_newer: {},
  notice_library_newer_detail: {},
  notice_library_unopened: {},
  notice_library_unopened_detail: {},
  /** `detail`: the system's words for why the program could not start. */
  notice_hook_not_started: { file: 'text', detail: 'text' },
  notice_hook_timed_out: { file: 'text' },
  notice_hook_signalled: { file: 'text', signal: 'text' },
  notice_hook_exited: { file: 'text', code: 'count' },
  notice_hook_failed_detail: {},
  account_in_use_elsewhere: {},

  // The app updater's status (electron/main/updates.ts, updater-loader.ts).
  update_up_to_date: {},
  update_restart_pending: {},
  update_restarting: {},
  update_damaged: {},
  update_none_for_system: {},
  update_unreachable: {},
  update_unreadable: {},
  update_failed: {},
  update_off_unpackaged: {},
  update_off_system_package: {},
  update_off_not_started: {},

  // Notification destinations.
  destination_gone: {},
  /** `detail`: what the attempt met (a notify_failed_… code). */
  destination_test_failed: { detail: 'said' },
  destination_url_not_web: {},
  destination_url_plain_http: {},
  destination_url_credentials: {},
  destination_chat_id: {},
  destination_signing_secret_short: { min: 'count' },
  destination_webhook_not_web: {},
  destination_webhook_plain_http: {},
  destination_webhook_credentials: {},
  destination_webhook_host: { host: 'text', start: 'text' },
  destination_bot_token: {},
  destination_enter_signing_secret: {},
  destination_enter_webhook: {},
  destination_enter_bot_token: {},

  // The connection and the service's replies (api/http.ts, reply.ts, interpret.ts, net/network.ts).
  redirect_refused_no_location: { status: 'count' },
  redirect_refused_invalid: {},
  redirect_refused_scheme: { scheme: 'text' },
  redirect_refused_downgrade: {},
  redirect_refused_other_origin: { method: 'text' },
  redirect_refused_too_many: { max: 'count' },
  service_deadline: { seconds: 'count' },
  request_cancelled: {},
  connection_failed_before_reply: { detail: 'text' },
  connection_failed_mid_reply: { detail: 'text' },
  connection_closed_mid_reply: {},
  file_unreadable_while_sending: { detail: 'text' },
  reply_too_large: { kibibytes: 'count' },
  service_not_reached: { reason: 'said' },
  service_not_reached_deadline: { seconds: 'count' },
  service_reply_refused: { reason: 'said' },
  service_talk_failed: {},
  service_gateway_trouble: { status: 'count' },
  bad_reply_empty: {},
  bad_reply_not_json: {},
  bad_reply_shape: {},
  bad_reply_shape_field: { field: 'text' },
  bad_reply_status: { status: 'count' },
  proxy_unusable: { answer: 'text' },
  proxy_refused: { kind: 'text', address: 'text', detail: 'text' },
  proxy_unreachable: { kind: 'text', address: 'text', errno: 'text' },
  proxy_needs_login: { kind: 'text', address: 'text' },
  proxy_would_not_connect: { kind: 'text', address: 'text', status: 'count' },

  // Sending a file to the file server (uploads/transfer.ts, file-server.ts, pump.ts).
  upload_stopped: {},
  file_server_silent: {},
  file_server_reply_late: {},
  file_server_redirected: { status: 'count' },
  file_server_reply_huge: {},
  file_unreadable_now: {},
  file_shrank: {},
  file_server_refused_connection: {},
  file_server_closed_connection: {},
  file_server_timed_out: {},
  file_server_not_found: {},
  file_server_unreachable: {},
  network_unreachable: {},
  file_server_connection_failed: {},
  file_server_refused_said: { detail: 'text' },
  file_server_refused_http: { status: 'count' },
  file_server_refused_status: { status: 'text' },
  file_server_refused_no_file: {},
  file_server_trouble: { status: 'count' },
  file_server_trouble_said: { status: 'count', text: 'text' },
  file_server_refused_page: { status: 'count' },
  file_server_refused_page_said: { status: 'count', text: 'text' },
  file_server_unreadable_reply: { status: 'count' },
  file_server_unreadable_reply_said: { status: 'count', text: 'text' },

  // A queued file found changed before it is sent (uploads/job-runner.ts).
  upload_file_missing: {},
  upload_file_moved_or_deleted: {},

  // Inside Vidlift: the contract's dispatcher, an upload's own failure, a library from a newer version.
  rpc_unknown_method: {},
  rpc_not_account_method: {},
  rpc_account_unnamed: {},
  internal_see_log: {},
  upload_internal_see_log: {},
  service_plain_http_target: {},
  library_tables_newer: { module: 'text', version: 'count' },

  // Remote import: why a pasted address was not taken (remote/urls.ts, remote-imports.ts); shown after the address.
  remote_url_too_long: { max: 'count' },
  remote_url_not_web: {},
  remote_url_scheme: { scheme: 'text' },
  remote_url_credentials: {},
  remote_url_no_host: {},
  remote_url_in_progress: {},

  // Why a notification did not arrive (notify/notifier.ts): shown after "last try:" and in the test's failure.
  notify_failed_keychain: {},
  notify_failed_no_secret: {},
  notify_failed_incomplete: {},
  notify_failed_http: { status: 'count' },
  notify_failed_network: {},
  notify_failed_timeout: {},
  notify_failed_too_large: {},
  notify_failed_redirect: {},
  notify_failed_cancelled: {},
  notify_failed_internal: {},
  notify_waiting_behind: {},

  // Where the API key can be kept (electron/main/safe-storage-store.ts): KeyStorage.problem.
  key_storage_no_password_manager: {},
  key_storage_cannot_encrypt_unlock: {},
  key_storage_cannot_encrypt: {},
  key_storage_unsafe: {},
} as const satisfies Record<string, Record<string, SaidParamKind>>;

export type SaidCode = keyof typeof SAID_CODES;

type ParamValue<K extends SaidParamKind> = K extends 'count' ? number : K extends 'said' ? Said : string;
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
  const checked: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const value = kind === 'said' ? asSaid(given[name]) : given[name];
    if (kind === 'count' ? typeof value !== 'number' : kind === 'said' ? value === null : typeof value !== 'string') return null;
    checked[name] = value;
  }
  return { code, params: checked } as Said;
}

/** The same said thing with every text param (nested ones too) passed through `change` (a redaction). */
export function mapSaidText(value: Said, change: (text: string) => string): Said {
  const kinds: Record<string, SaidParamKind> = SAID_CODES[value.code];
  const params = Object.fromEntries(
    Object.entries(value.params).map(([name, param]) => [
      name,
      kinds[name] === 'said' ? mapSaidText(param as Said, change) : typeof param === 'string' ? change(param) : param,
    ]),
  );
  return { code: value.code, params } as Said;
}

/** How a said thing is kept in a database text column. */
export function storeSaid(value: Said): string {
  return JSON.stringify(value);
}
