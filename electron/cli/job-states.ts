// A queued file's state as the command line words it (a progress bar's end, a file that did
// not arrive): one message per state of shared/upload-states.ts.
import type { UploadJob } from '../../shared/model.ts';
import { m } from '../../shared/i18n/index.ts';

const STATE_WORDS: Readonly<Record<UploadJob['state'], () => string>> = {
  waiting: m.cli_state_waiting,
  uploading: m.cli_state_uploading,
  finishing: m.cli_state_finishing,
  paused: m.cli_state_paused,
  done: m.cli_state_done,
  failed: m.cli_state_failed,
  cancelled: m.cli_state_cancelled,
  cancelling: m.cli_state_cancelling,
  changed: m.cli_state_changed,
};

export function stateWords(state: UploadJob['state']): string {
  return STATE_WORDS[state]();
}
