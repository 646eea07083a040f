// The one place a said code (shared/said.ts) becomes words: the window, the CLI and the shell
// call say(), which reads the `code_<code>` message of the codes.json catalogs in the locale in
// force (or the one given). The core words nothing; its errors carry English only for its log
// (AppError's message), worded here in English.
import { m } from './paraglide/messages.js';
import type { Locale } from './locales.ts';
import { SAID_CODE_NAMES, SAID_CODES, asSaid, type Said, type SaidCode } from '../said.ts';

type Worder = (params: Record<string, unknown>, options?: { locale?: Locale }) => string;

/**
 * Each code's message, named one by one (a new code in shared/said.ts fails to compile until it
 * is listed). Looked up by a computed name (m['code_' + code]), the messages kept every message
 * of every language in the main process's bundle, which loads them all at start: 2.6 MB of its
 * 3.4 MB (issue 33). Named here, the bundle keeps only what the shell, the CLI and this table use.
 */
const CODE_MESSAGES = {
  as_written: m.code_as_written,
  error_offline: m.code_error_offline,
  error_offline_service_said: m.code_error_offline_service_said,
  error_unauthorized: m.code_error_unauthorized,
  error_unauthorized_service_said: m.code_error_unauthorized_service_said,
  error_not_found: m.code_error_not_found,
  error_not_found_service_said: m.code_error_not_found_service_said,
  error_rate_limited: m.code_error_rate_limited,
  error_rate_limited_service_said: m.code_error_rate_limited_service_said,
  error_validation: m.code_error_validation,
  error_validation_service_said: m.code_error_validation_service_said,
  error_limit_reached: m.code_error_limit_reached,
  error_limit_reached_service_said: m.code_error_limit_reached_service_said,
  error_server: m.code_error_server,
  error_server_service_said: m.code_error_server_service_said,
  error_unavailable: m.code_error_unavailable,
  error_unavailable_service_said: m.code_error_unavailable_service_said,
  error_internal: m.code_error_internal,
  error_internal_service_said: m.code_error_internal_service_said,
  skip_too_many: m.code_skip_too_many,
  skip_gone: m.code_skip_gone,
  skip_not_file_or_folder: m.code_skip_not_file_or_folder,
  skip_folder_unreadable: m.code_skip_folder_unreadable,
  skip_not_video: m.code_skip_not_video,
  skip_hidden: m.code_skip_hidden,
  skip_outside_watched: m.code_skip_outside_watched,
  skip_empty: m.code_skip_empty,
  skip_not_video_content: m.code_skip_not_video_content,
  skip_unreadable: m.code_skip_unreadable,
  skip_sound_only_in: m.code_skip_sound_only_in,
  skip_sound_only: m.code_skip_sound_only,
  skip_no_video_track_in: m.code_skip_no_video_track_in,
  skip_no_video_track: m.code_skip_no_video_track,
  skip_already_queued: m.code_skip_already_queued,
  skip_already_uploaded: m.code_skip_already_uploaded,
  note_arrived_before_cancel: m.code_note_arrived_before_cancel,
  upload_not_granted_one: m.code_upload_not_granted_one,
  upload_not_granted_many: m.code_upload_not_granted_many,
  upload_folder_locked: m.code_upload_folder_locked,
  upload_gone: m.code_upload_gone,
  watch_not_picked: m.code_watch_not_picked,
  watch_not_full_path: m.code_watch_not_full_path,
  watch_folder_gone: m.code_watch_folder_gone,
  path_not_full: m.code_path_not_full,
  path_missing: m.code_path_missing,
  read_not_granted: m.code_read_not_granted,
  picked_file_gone: m.code_picked_file_gone,
  file_swapped: m.code_file_swapped,
  file_changed: m.code_file_changed,
  picked_image_path_not_full: m.code_picked_image_path_not_full,
  picked_subtitle_path_not_full: m.code_picked_subtitle_path_not_full,
  picked_file_missing: m.code_picked_file_missing,
  picked_file_unreadable: m.code_picked_file_unreadable,
  picked_file_unreadable_errno: m.code_picked_file_unreadable_errno,
  picked_file_broken_link: m.code_picked_file_broken_link,
  picked_image_is_folder: m.code_picked_image_is_folder,
  picked_subtitle_is_folder: m.code_picked_subtitle_is_folder,
  picked_image_not_regular: m.code_picked_image_not_regular,
  picked_subtitle_not_regular: m.code_picked_subtitle_not_regular,
  picked_file_empty: m.code_picked_file_empty,
  picked_file_denied: m.code_picked_file_denied,
  media_not_granted: m.code_media_not_granted,
  media_not_file: m.code_media_not_file,
  media_not_video: m.code_media_not_video,
  thumbnail_file_too_large: m.code_thumbnail_file_too_large,
  thumbnail_not_image: m.code_thumbnail_not_image,
  thumbnail_other_format: m.code_thumbnail_other_format,
  thumbnail_heic: m.code_thumbnail_heic,
  thumbnail_damaged: m.code_thumbnail_damaged,
  thumbnail_incomplete: m.code_thumbnail_incomplete,
  thumbnail_no_dimensions: m.code_thumbnail_no_dimensions,
  thumbnail_too_big: m.code_thumbnail_too_big,
  subtitle_not_subtitle: m.code_subtitle_not_subtitle,
  subtitle_not_subtitle_read_as: m.code_subtitle_not_subtitle_read_as,
  subtitle_no_cues: m.code_subtitle_no_cues,
  subtitle_broken_timing: m.code_subtitle_broken_timing,
  subtitle_ends_before_start: m.code_subtitle_ends_before_start,
  subtitle_encoding_unknown: m.code_subtitle_encoding_unknown,
  subtitle_not_text: m.code_subtitle_not_text,
  subtitle_too_large: m.code_subtitle_too_large,
  subtitle_too_large_converted: m.code_subtitle_too_large_converted,
  subtitle_too_complex: m.code_subtitle_too_complex,
  subtitle_not_prepared: m.code_subtitle_not_prepared,
  video_not_in_library: m.code_video_not_in_library,
  folder_not_in_library: m.code_folder_not_in_library,
  folder_new_missing: m.code_folder_new_missing,
  subtitle_new_missing: m.code_subtitle_new_missing,
  frame_type_mismatch: m.code_frame_type_mismatch,
  change_being_sent: m.code_change_being_sent,
  change_not_waiting: m.code_change_not_waiting,
  import_delete_needs_id: m.code_import_delete_needs_id,
  import_delete_needs_full_id: m.code_import_delete_needs_full_id,
  import_folder_not_saved: m.code_import_folder_not_saved,
  import_already_on_service: m.code_import_already_on_service,
  tombstone_alive: m.code_tombstone_alive,
  tombstone_unknown: m.code_tombstone_unknown,
  link_upload_not_granted: m.code_link_upload_not_granted,
  export_too_many_links: m.code_export_too_many_links,
  export_running: m.code_export_running,
  export_not_chosen: m.code_export_not_chosen,
  export_not_written: m.code_export_not_written,
  export_too_many_reads: m.code_export_too_many_reads,
  link_not_asked: m.code_link_not_asked,
  link_text_write_not_chosen: m.code_link_text_write_not_chosen,
  link_text_read_not_chosen: m.code_link_text_read_not_chosen,
  link_text_unreadable: m.code_link_text_unreadable,
  link_text_not_file: m.code_link_text_not_file,
  link_text_too_large: m.code_link_text_too_large,
  link_text_not_encoding: m.code_link_text_not_encoding,
  settings_refused: m.code_settings_refused,
  settings_url_scheme: m.code_settings_url_scheme,
  settings_fixed: m.code_settings_fixed,
  settings_not_saved: m.code_settings_not_saved,
  proxy_password_needs_user: m.code_proxy_password_needs_user,
  sandbox_source_only: m.code_sandbox_source_only,
  file_server_url_not_web: m.code_file_server_url_not_web,
  outbox_kind_unknown: m.code_outbox_kind_unknown,
  account_gone: m.code_account_gone,
  account_key_exists: m.code_account_key_exists,
  account_needed_for_watch: m.code_account_needed_for_watch,
  accounts_fixed_run: m.code_accounts_fixed_run,
  account_setup_needed: m.code_account_setup_needed,
  key_length: m.code_key_length,
  key_characters: m.code_key_characters,
  plain_http_risk: m.code_plain_http_risk,
  key_refused: m.code_key_refused,
  key_refused_said: m.code_key_refused_said,
  service_unreachable: m.code_service_unreachable,
  service_unlike: m.code_service_unlike,
  base_url_empty: m.code_base_url_empty,
  base_url_not_web: m.code_base_url_not_web,
  base_url_scheme: m.code_base_url_scheme,
  base_url_credentials: m.code_base_url_credentials,
  base_url_query: m.code_base_url_query,
  base_url_fragment: m.code_base_url_fragment,
  keychain_locked: m.code_keychain_locked,
  keychain_locked_because: m.code_keychain_locked_because,
  keychain_locked_timeout: m.code_keychain_locked_timeout,
  keychain_none_linux: m.code_keychain_none_linux,
  keychain_none_darwin: m.code_keychain_none_darwin,
  keychain_none_win32: m.code_keychain_none_win32,
  keychain_none_other: m.code_keychain_none_other,
  keychain_module_linux: m.code_keychain_module_linux,
  keychain_module_darwin: m.code_keychain_module_darwin,
  keychain_module_win32: m.code_keychain_module_win32,
  keychain_module_other: m.code_keychain_module_other,
  notice_settings_damaged: m.code_notice_settings_damaged,
  notice_settings_damaged_kept: m.code_notice_settings_damaged_kept,
  notice_settings_unreadable: m.code_notice_settings_unreadable,
  notice_keychain_unavailable: m.code_notice_keychain_unavailable,
  notice_keychain_unavailable_data_safe: m.code_notice_keychain_unavailable_data_safe,
  notice_library_damaged: m.code_notice_library_damaged,
  notice_library_damaged_detail: m.code_notice_library_damaged_detail,
  notice_account_in_use: m.code_notice_account_in_use,
  notice_account_in_use_detail: m.code_notice_account_in_use_detail,
  notice_library_newer: m.code_notice_library_newer,
  notice_library_newer_detail: m.code_notice_library_newer_detail,
  notice_library_unopened: m.code_notice_library_unopened,
  notice_library_unopened_detail: m.code_notice_library_unopened_detail,
  notice_hook_not_started: m.code_notice_hook_not_started,
  notice_hook_timed_out: m.code_notice_hook_timed_out,
  notice_hook_signalled: m.code_notice_hook_signalled,
  notice_hook_exited: m.code_notice_hook_exited,
  notice_hook_failed_detail: m.code_notice_hook_failed_detail,
  account_in_use_elsewhere: m.code_account_in_use_elsewhere,
  update_up_to_date: m.code_update_up_to_date,
  update_restart_pending: m.code_update_restart_pending,
  update_restarting: m.code_update_restarting,
  update_damaged: m.code_update_damaged,
  update_none_for_system: m.code_update_none_for_system,
  update_unreachable: m.code_update_unreachable,
  update_unreadable: m.code_update_unreadable,
  update_failed: m.code_update_failed,
  update_off_unpackaged: m.code_update_off_unpackaged,
  update_off_system_package: m.code_update_off_system_package,
  update_off_not_started: m.code_update_off_not_started,
  destination_gone: m.code_destination_gone,
  destination_test_failed: m.code_destination_test_failed,
  destination_url_not_web: m.code_destination_url_not_web,
  destination_url_plain_http: m.code_destination_url_plain_http,
  destination_url_credentials: m.code_destination_url_credentials,
  destination_chat_id: m.code_destination_chat_id,
  destination_signing_secret_short: m.code_destination_signing_secret_short,
  destination_webhook_not_web: m.code_destination_webhook_not_web,
  destination_webhook_plain_http: m.code_destination_webhook_plain_http,
  destination_webhook_credentials: m.code_destination_webhook_credentials,
  destination_webhook_host: m.code_destination_webhook_host,
  destination_bot_token: m.code_destination_bot_token,
  destination_enter_signing_secret: m.code_destination_enter_signing_secret,
  destination_enter_webhook: m.code_destination_enter_webhook,
  destination_enter_bot_token: m.code_destination_enter_bot_token,
} satisfies Record<SaidCode, unknown>;
const messages = CODE_MESSAGES as unknown as Record<string, Worder | undefined>;

export function say(value: Said, locale?: Locale): string {
  const word = Object.hasOwn(messages, value.code) ? messages[value.code] : undefined;
  // Every code has its message (test/unit/shared/i18n/say.test.ts); a newer core's unknown code
  // still shows something a person can report.
  if (!word) return value.code;
  return word(value.params, locale === undefined ? undefined : { locale });
}

/** English, for logs and the Error's own message: never what a person reads in another language. */
export function sayInEnglish(value: Said): string {
  return say(value, 'en');
}

let byEnglish: Map<string, SaidCode> | null = null;

/**
 * A said thing kept in a text column: JSON of `{code, params}` since issue 30; before, an English
 * sentence. A sentence that is exactly what a code without params says reads as that code (so it
 * shows in the person's language); any other text is shown as written.
 */
export function readStoredSaid(text: string): Said {
  if (text.startsWith('{')) {
    try {
      const parsed = asSaid(JSON.parse(text));
      if (parsed) return parsed;
    } catch {
      // Not JSON after all: an old sentence that starts with a brace, shown as written.
    }
  }
  byEnglish ??= new Map(SAID_CODE_NAMES.filter((code) => Object.keys(SAID_CODES[code]).length === 0).map((code) => [sayInEnglish({ code, params: {} } as Said), code]));
  const code = byEnglish.get(text);
  return code ? ({ code, params: {} } as Said) : { code: 'as_written', params: { text } };
}
